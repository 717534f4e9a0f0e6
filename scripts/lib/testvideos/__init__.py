"""make-test-videos as a package: see scripts/make-test-videos."""
