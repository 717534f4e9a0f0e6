"""The holdout2 clips' screens, and the fonts and palettes only they use.

A second, sealed holdout set. Fonts, colour themes and languages that no other clip
uses; kept out of tuning and not to be looked at by whoever tunes framegrab.
"""

from pathlib import Path

from ..model import Bullets, CodeBlock, Deck, Editor, EditorStyle, Terminal, Text, slide_title, src


# Fonts only this set uses; themes.SCREEN_FONTS takes them in.
SCREEN_FONTS = {
    "go-mono": (Path("/usr/share/fonts/fonts-go/Go-Mono.ttf"), "Go Mono", True),
    "go-regular": (Path("/usr/share/fonts/fonts-go/Go-Regular.ttf"), "Go", False),
    "monoid": (Path("/usr/share/fonts/truetype/monoid/Monoid-Regular.ttf"), "Monoid", True),
    "free-mono": (Path("/usr/share/fonts/truetype/freefont/FreeMono.ttf"), "FreeMono", True),
    "free-sans": (Path("/usr/share/fonts/truetype/freefont/FreeSans.ttf"), "FreeSans", False),
    "free-sans-bold": (Path("/usr/share/fonts/truetype/freefont/FreeSansBold.ttf"), "FreeSans Bold", False),
    "agave": (Path("/usr/share/fonts/truetype/agave/agave-r-autohinted.ttf"), "Agave", True),
    "cousine": (Path("/usr/share/fonts/truetype/croscore/Cousine-Regular.ttf"), "Cousine", True),
    "arimo": (Path("/usr/share/fonts/truetype/croscore/Arimo-Regular.ttf"), "Arimo", False),
    "arimo-bold": (Path("/usr/share/fonts/truetype/croscore/Arimo-Bold.ttf"), "Arimo Bold", False),
}


# Palettes only this set uses; themes.PALETTES takes them in.
PALETTES = {
    # holdout2 (sealed): Nord-like editor
    "nord": {
        "polarity": "dark", "background": "#2e3440", "plain": "#d8dee9", "keyword": "#81a1c1",
        "type": "#8fbcbb", "string": "#a3be8c", "number": "#b48ead", "comment": "#616e88",
        "function": "#88c0d0", "annotation": "#d08770", "property": "#8fbcbb",
        "gutter": "#4c566a", "gutter_active": "#d8dee9", "line_highlight": "#3b4252",
        "indent_guide": "#434c5e", "activity": "#272c36", "chrome": "#292e39", "chrome_text": "#7b88a1",
        "tab_active": "#2e3440", "tab_active_text": "#eceff4", "sidebar": "#2b303b",
        "sidebar_text": "#c0c8d6", "sidebar_selected": "#3b4252", "status": "#4c566a",
        "status_text": "#eceff4",
    },
    # holdout2 (sealed): One-Light-like slide
    "one-light": {
        "polarity": "light", "background": "#f7f7f8", "panel": "#e9e9ec", "plain": "#383a42",
        "keyword": "#a626a4", "type": "#c18401", "string": "#50a14f", "number": "#986801",
        "comment": "#a0a1a7", "function": "#4078f2", "annotation": "#e45649", "property": "#e45649",
        "title": "#2b2d33", "text": "#383a42", "bullet": "#4078f2", "caption": "#8e9097",
    },
    # holdout2 (sealed): Gruvbox-like dark (a dark slide, or a dark panel on a light one)
    "gruvbox-dark": {
        "polarity": "dark", "background": "#282828", "panel": "#32302f", "plain": "#ebdbb2",
        "keyword": "#fb4934", "type": "#fabd2f", "string": "#b8bb26", "number": "#d3869b",
        "comment": "#928374", "function": "#8ec07c", "annotation": "#fe8019", "property": "#83a598",
        "title": "#fbf1c7", "text": "#ebdbb2", "bullet": "#fe8019", "caption": "#a89984",
    },
    # holdout2 (sealed): Gruvbox-like light slide
    "gruvbox-light": {
        "polarity": "light", "background": "#fbf1c7", "panel": "#f2e5bc", "plain": "#3c3836",
        "keyword": "#9d0006", "type": "#b57614", "string": "#79740e", "number": "#8f3f71",
        "comment": "#928374", "function": "#427b58", "annotation": "#af3a03", "property": "#076678",
        "title": "#282828", "text": "#3c3836", "bullet": "#af3a03", "caption": "#7c6f64",
    },
    # holdout2 (sealed): Tomorrow-Night-like terminal with a coloured status line
    "tomorrow-night": {
        "polarity": "dark", "background": "#1d1f21", "plain": "#c5c8c6", "user": "#b5bd68",
        "path": "#81a2be", "dir": "#81a2be", "exec": "#b5bd68", "hash": "#f0c674", "ref": "#8abeb7",
        "ok": "#b5bd68", "fail": "#cc6666", "warn": "#de935f", "dim": "#969896",
        "chrome": "#282a2e", "chrome_text": "#969896", "status": "#81a2be", "status_text": "#1d1f21",
    },
}


SEALED_EDITOR = EditorStyle("nord", "go-mono", 19, 26, "go-regular", 14, tab_height=36, status_height=26,
                            activity_width=44, sidebar_width=250)

SEALED_EDITOR_SCREENS = [
    Editor("ruby", src('''
        require "net/http"
        require "json"

        module Transcripts
          # Fetches the captions of a recorded talk and joins them into one transcript.
          class Fetcher
            BASE_URL = "https://captions.example.net/v2"
            RETRYABLE = [Net::OpenTimeout, Net::ReadTimeout, Errno::ECONNRESET].freeze

            def initialize(talk_id, language: "en", http: Net::HTTP)
              @talk_id = talk_id
              @language = language
              @http = http
            end

            def call(max_attempts: 3)
              attempts = 0
              begin
                attempts += 1
                response = @http.get_response(uri)
                raise FetchError, "HTTP #{response.code} for #{uri}" unless response.is_a?(Net::HTTPSuccess)

                cues = JSON.parse(response.body, symbolize_names: true).fetch(:cues)
                cues.sort_by { |cue| cue[:start] }.map { |cue| cue[:text].strip }.reject(&:empty?).join("\\n")
              rescue *RETRYABLE => e
                retry if attempts < max_attempts
                raise FetchError, "gave up after #{attempts} attempts: #{e.message}"
              end
            end

            private

            def uri = URI("#{BASE_URL}/talks/#{@talk_id}/captions?lang=#{@language}")
          end
        end
        '''), first_line=3, cursor=(25, 58), tabs=("fetcher.rb", "fetch_error.rb", "fetcher_spec.rb"),
        active="fetcher.rb", status_left=("main", "ruby 3.3.4"),
        status_right=("Ln 25, Col 58", "Spaces: 2", "UTF-8", "LF", "Ruby"), indent_unit=2,
        sidebar=("EXPLORER", "CAPTIONS", "  bin/", "  lib/", "    transcripts/", "      fetch_error.rb",
                 "      *fetcher.rb", "    transcripts.rb", "  spec/", "    fetcher_spec.rb", "  Gemfile",
                 "  Gemfile.lock", "  Rakefile")),
    Editor("haskell", src('''
        {-# LANGUAGE OverloadedStrings #-}
        module Slides.Index
          ( Index
          , build
          , search
          ) where

        import Data.Char (isAlphaNum)
        import qualified Data.Map.Strict as Map
        import qualified Data.Set as Set
        import Data.Text (Text)
        import qualified Data.Text as T

        -- | Which slides mention each word, for a talk's search box.
        newtype Index = Index (Map.Map Text (Set.Set Int))

        build :: [(Int, Text)] -> Index
        build slides = Index (Map.fromListWith Set.union pairs)
          where
            pairs = [(word, Set.singleton n) | (n, body) <- slides, word <- tokens body]

        tokens :: Text -> [Text]
        tokens = filter ((> 2) . T.length) . T.words . T.map clean . T.toLower
          where
            clean c = if isAlphaNum c then c else ' '

        -- | Slides holding every word of the query, the earliest first.
        search :: Index -> Text -> [Int]
        search (Index entries) query =
          case map lookupWord (tokens query) of
            [] -> []
            (first : rest) -> Set.toAscList (foldr Set.intersection first rest)
          where
            lookupWord w = Map.findWithDefault Set.empty w entries
        '''), first_line=1, cursor=(23, 47), tabs=("Index.hs", "Render.hs", "Main.hs"), active="Index.hs",
        status_left=("search-index", "GHC 9.6.6"),
        status_right=("Ln 23, Col 47", "Spaces: 2", "UTF-8", "LF", "Haskell"), indent_unit=2),
    Editor("ruby", src('''
        RSpec.describe Transcripts::Fetcher do
          subject(:fetcher) { described_class.new(42, language: "de", http: http) }

          let(:http) { class_double(Net::HTTP) }
          let(:cues) { [{ start: 3.2, text: " zweite " }, { start: 0.5, text: "erste" }, { start: 9.0, text: "" }] }

          context "when the captions service answers" do
            before do
              response = instance_double(Net::HTTPOK, code: "200", body: { cues: cues }.to_json)
              allow(response).to receive(:is_a?).with(Net::HTTPSuccess).and_return(true)
              allow(http).to receive(:get_response).and_return(response)
            end

            it "joins the cues in time order, dropping empty ones" do
              expect(fetcher.call).to eq("erste\\nzweite")
            end
          end

          context "when the connection keeps timing out" do
            before do
              allow(http).to receive(:get_response).and_raise(Net::ReadTimeout)
            end

            it "gives up after the last attempt" do
              expect { fetcher.call(max_attempts: 2) }
                .to raise_error(Transcripts::FetchError, /gave up after 2 attempts/)
              expect(http).to have_received(:get_response).twice
            end
          end
        end
        '''), first_line=3, cursor=(17, 41), tabs=("fetcher.rb", "fetcher_spec.rb"), active="fetcher_spec.rb",
        status_left=("main", "ruby 3.3.4"), status_right=("Ln 17, Col 41", "Spaces: 2", "UTF-8", "LF", "Ruby"),
        indent_unit=2,
        sidebar=("EXPLORER", "CAPTIONS", "  bin/", "  lib/", "  spec/", "    *fetcher_spec.rb",
                 "    spec_helper.rb", "  Gemfile", "  Gemfile.lock", "  Rakefile")),
]

SEALED_SLIDES = [
    Deck("one-light", (
        slide_title("Hot-reloading game config", "free-sans-bold", 38),
    ), columns=(
        Bullets(("Read once at startup", "Poll the file's mtime", "Keep the old table on errors"),
                "free-sans", 24),
        CodeBlock("lua", src('''
            local M = {}
            local current, stamp = {}, 0

            -- Reload config.lua when its mtime changes.
            function M.poll(path)
              local mtime = lfs.attributes(path, "modification")
              if mtime == nil or mtime == stamp then
                return current
              end
              local chunk, err = loadfile(path, "t", {})
              if not chunk then
                print("config: " .. err)
                return current
              end
              local ok, result = pcall(chunk)
              if ok and type(result) == "table" then
                current, stamp = result, mtime
              end
              return current
            end

            return M
            '''), "free-mono", 18, spacing=1.3),
        380), top=36),
    Deck("gruvbox-dark", (
        slide_title("A rate limiter in one process", "free-sans-bold", 36),
        CodeBlock("elixir", src('''
            defmodule Chat.RateLimiter do
              use GenServer

              @burst 5

              def start_link(opts), do: GenServer.start_link(__MODULE__, %{}, opts)
              def allow?(server, user), do: GenServer.call(server, {:allow?, user})

              @impl true
              def init(state) do
                :timer.send_interval(1_000, :refill)
                {:ok, state}
              end

              @impl true
              def handle_call({:allow?, user}, _from, state) do
                case Map.get(state, user, @burst) do
                  0 -> {:reply, false, state}
                  left -> {:reply, true, Map.put(state, user, left - 1)}
                end
              end

              @impl true
              def handle_info(:refill, _state), do: {:noreply, %{}}
            end
            '''), "agave", 18, spacing=1.28),
    ), top=30, gap=22),
    Deck("one-light", (
        slide_title("Top paths from an access log", "free-sans-bold", 38),
        Text("Streams read the file lazily, one line at a time, so memory stays flat.", "free-sans", 22),
        CodeBlock("elixir", src('''
            "access.log"
            |> File.stream!()
            |> Stream.map(&String.split(&1, " ", parts: 4))
            |> Stream.filter(&match?([_, _, "GET", _], &1))
            |> Enum.frequencies_by(fn [_, _, _, path] -> String.trim(path) end)
            |> Enum.sort_by(fn {_path, hits} -> hits end, :desc)
            |> Enum.take(5)
            |> Enum.each(fn {path, hits} -> IO.puts("#{hits}\\t#{path}") end)
            '''), "free-mono", 20, palette="gruvbox-dark"),
    ), top=40),
]

SEALED_TERMINAL = [
    Terminal(src('''
        deploy@web-02:~/shop$ docker ps --format "table {{.Names}}\\t{{.Image}}\\t{{.Status}}\\t{{.Ports}}"
        NAMES            IMAGE                        STATUS                          PORTS
        shop-web-1       acme/shop-web:2.14.0         Up 2 hours                      0.0.0.0:8080->3000/tcp
        shop-worker-1    acme/shop-web:2.14.0         Up 2 hours
        shop-redis-1     redis:7.2-alpine             Up 3 days (healthy)             6379/tcp
        shop-db-1        postgres:16.3                Up 3 days (healthy)             5432/tcp
        shop-proxy-1     caddy:2.8                    Restarting (1) 8 seconds ago
        deploy@web-02:~/shop$ docker logs --tail 4 shop-proxy-1
        2024/06/14 14:06:41.205 INFO    using config from file  {"file": "/etc/caddy/Caddyfile"}
        2024/06/14 14:06:41.207 ERROR   adapting config using caddyfile: ambiguous site definition: shop.example.com
        2024/06/14 14:06:49.611 INFO    using config from file  {"file": "/etc/caddy/Caddyfile"}
        2024/06/14 14:06:49.612 ERROR   adapting config using caddyfile: ambiguous site definition: shop.example.com
        deploy@web-02:~/shop$ grep -n "example.com {" Caddyfile
        1:shop.example.com {
        17:shop.example.com {
        deploy@web-02:~/shop$ free -h
                       total        used        free      shared  buff/cache   available
        Mem:            15Gi       6.1Gi       1.2Gi       312Mi       8.0Gi       8.9Gi
        Swap:          2.0Gi          0B       2.0Gi
        deploy@web-02:~/shop$
        '''), "monoid", 13, 20, "tomorrow-night", title="deploy@web-02: ~/shop",
        tmux=("[shop] 0:bash* 1:htop-", "web-02  load 0.42  14:07")),
    Terminal(src('''
        deploy@web-02:~/shop$ git pull --ff-only
        Updating 4e1a9c2..b83f07d
        Fast-forward
         Caddyfile                              | 13 -------------
         app/models/refund.rb                   | 24 ++++++++++++++++++++++++
         db/migrate/20240614090512_refunds.rb   | 12 ++++++++++++
         3 files changed, 36 insertions(+), 13 deletions(-)
        deploy@web-02:~/shop$ docker compose up -d proxy
        [+] Running 1/1
         Container shop-proxy-1  Started                                        0.4s
        deploy@web-02:~/shop$ docker compose exec web bin/rails db:migrate
        == 20240614090512 CreateRefunds: migrating ====================================
        -- create_table(:refunds)
           -> 0.0121s
        -- add_index(:refunds, [:order_id, :created_at])
           -> 0.0043s
        == 20240614090512 CreateRefunds: migrated (0.0166s) ===========================
        deploy@web-02:~/shop$ curl -sI https://shop.example.com/health
        HTTP/2 200
        content-type: application/json; charset=utf-8
        server: Caddy
        x-request-id: 7f3c0e9a-52b1-4d8e-9b1f-0c6a2d4e8f13
        date: Fri, 14 Jun 2024 14:09:12 GMT
        deploy@web-02:~/shop$
        '''), "monoid", 13, 20, "tomorrow-night", title="deploy@web-02: ~/shop",
        tmux=("[shop] 0:bash* 1:htop-", "web-02  load 0.31  14:09")),
]

SEALED_PILLARBOX = [
    Deck("gruvbox-light", (
        slide_title("Slugs that survive any title", "arimo-bold", 54),
        CodeBlock("php", src('''
            <?php

            declare(strict_types=1);

            final class SlugGenerator
            {
                public function __construct(private readonly int $maxLength = 60)
                {
                }

                public function slugify(string $title): string
                {
                    $ascii = iconv('UTF-8', 'ASCII//TRANSLIT', $title) ?: $title;
                    $slug = strtolower(trim(preg_replace('/[^A-Za-z0-9]+/', '-', $ascii), '-'));

                    if (strlen($slug) > $this->maxLength) {
                        $slug = rtrim(substr($slug, 0, $this->maxLength), '-');
                    }

                    return $slug === '' ? 'untitled' : $slug;
                }
            }
            '''), "cousine", 22),
    ), margin=90, top=56, gap=36),
    Deck("gruvbox-light", (
        slide_title("Pages without surprises", "arimo-bold", 54),
        Bullets(("Bind limits as integers, never as strings", "Order by a unique key so pages never overlap"),
                "arimo", 34),
        CodeBlock("php", src('''
            function paginate(PDO $db, int $page, int $perPage = 20): array
            {
                $stmt = $db->prepare(
                    'SELECT id, title FROM talks ORDER BY id LIMIT :lim OFFSET :off'
                );
                $stmt->bindValue(':lim', $perPage, PDO::PARAM_INT);
                $stmt->bindValue(':off', ($page - 1) * $perPage, PDO::PARAM_INT);
                $stmt->execute();

                return $stmt->fetchAll(PDO::FETCH_ASSOC);
            }
            '''), "cousine", 24, palette="gruvbox-dark"),
    ), margin=90, top=56, gap=36),
]
