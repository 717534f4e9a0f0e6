// The library is read through one import: the model and the store come with it.
@_exported import FrameGrabModel
@_exported import FrameGrabStore
