"""Protected content: the boxes, elements and playlist lines DRM leaves (CENC and CBCS mp4,
encrypted WebM, DASH and HLS with FairPlay, Widevine and PlayReady keys).
"""

import base64
import json
import re
import subprocess

from .common import die
from .counter import COUNTER_H, COUNTER_SOURCE, COUNTER_W, x264_gop
from .media import BITEXACT, ffmpeg


# Test content, not secrets: every encrypted fixture uses this key and key ID.
CENC_KEY = "00112233445566778899aabbccddeeff"
CENC_KID = "0123456789abcdef0123456789abcdef"
SYSTEM_IDS = {
    "Widevine": "edef8ba979d64acea3c827dcd51d21ed",
    "PlayReady": "9a04f07998404286ab92e65be0885f95",
    "FairPlay": "94ce86fb07ff4f43adb893d2fa968ca2",
}
WIDEVINE_KEYFORMAT = "urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed"
PROTECTED_FRAMES = 30   # one second of the counter
ENCRYPT = ["-c", "copy", "-encryption_scheme", "cenc-aes-ctr", "-encryption_key", CENC_KEY,
           "-encryption_kid", CENC_KID]


def mp4_box(kind, payload):
    return (8 + len(payload)).to_bytes(4, "big") + kind + payload


def pssh_box(system, data):
    """A version 0 'pssh' box: the DRM system's ID, then the system's own data."""
    return mp4_box(b"pssh", bytes(4) + bytes.fromhex(SYSTEM_IDS[system]) + len(data).to_bytes(4, "big") + data)


def varint(value):
    out = b""
    while True:
        byte, value = value & 0x7F, value >> 7
        out += bytes([byte | (0x80 if value else 0)])
        if not value:
            return out


def widevine_pssh_data(kid, scheme):
    """WidevinePsshData (protobuf): key_id (field 2) and protection_scheme (field 9)."""
    return b"\x12" + varint(len(kid)) + kid + b"\x48" + varint(int.from_bytes(scheme, "big"))


def playready_object(kid):
    """A PlayReady Object holding a 4.3 WRMHEADER for one AES-CBC (cbcs) key."""
    guid = kid[3::-1] + kid[5:3:-1] + kid[7:5:-1] + kid[8:]   # PlayReady writes key IDs as GUIDs
    xml = ('<WRMHEADER xmlns="http://schemas.microsoft.com/DRM/2007/03/PlayReadyHeader" version="4.3.0.0">'
           '<DATA><PROTECTINFO><KIDS><KID ALGID="AESCBC" VALUE="' + base64.b64encode(guid).decode() +
           '"></KID></KIDS></PROTECTINFO></DATA></WRMHEADER>').encode("utf-16-le")
    record = (1).to_bytes(2, "little") + len(xml).to_bytes(2, "little") + xml
    return (6 + len(record)).to_bytes(4, "little") + (1).to_bytes(2, "little") + record


def top_level_boxes(data):
    boxes, offset = [], 0
    while offset + 8 <= len(data):
        size = int.from_bytes(data[offset:offset + 4], "big")
        if size < 8:
            die("unexpected box size in an ffmpeg-written mp4")
        boxes.append((data[offset + 4:offset + 8], offset, size))
        offset += size
    return boxes


def append_to_moov(data, box):
    """Adds `box` as the last child of a 'moov' that ends the file: no sample offset moves."""
    kind, offset, size = top_level_boxes(data)[-1]
    if kind != b"moov" or offset + size != len(data):
        die("the moov is not the last box: inserting into it would move the samples")
    data = bytearray(data)
    data[offset:offset + 4] = (size + len(box)).to_bytes(4, "big")
    return bytes(data) + box


def patch_scheme(data, old, new):
    """Rewrites the scheme type in the one 'schm' box (after its version and flags)."""
    at = data.find(b"schm")
    if at < 0 or data.find(b"schm", at + 1) >= 0 or data[at + 8:at + 12] != old:
        die(f"expected exactly one schm box with scheme {old!r}")
    return data[:at + 8] + new + data[at + 12:]


# EBML (Matroska/WebM): IDs keep their length marker; sizes are written 8 bytes wide.

def ebml_vint(data, at, keep_marker=False):
    first = data[at]
    length = 1
    while length <= 8 and not first & (0x80 >> (length - 1)):
        length += 1
    value = int.from_bytes(data[at:at + length], "big")
    return (value if keep_marker else value & ((1 << (7 * length)) - 1)), length


def ebml_children(data, start, end):
    out = []
    while start < end:
        ident, id_length = ebml_vint(data, start, keep_marker=True)
        size, size_length = ebml_vint(data, start + id_length)
        unknown = size == (1 << (7 * size_length)) - 1
        head = id_length + size_length
        out.append({"id": ident, "at": start, "head": head, "size": size, "unknown": unknown})
        if unknown:
            break
        start += head + size
    return out


def ebml_element(ident, payload):
    return ident.to_bytes((ident.bit_length() + 7) // 8, "big") + (1 << 56 | len(payload)).to_bytes(8, "big") + payload


def ebml_uint(ident, value):
    return ebml_element(ident, value.to_bytes(max(1, (value.bit_length() + 7) // 8), "big"))


def add_webm_encryption(data, kid):
    """Marks every track's blocks as AES-CTR encrypted with `kid` (ContentEncodings, as the
    WebM encryption spec writes it), moving what follows Tracks and fixing its SeekHead."""
    segment = ebml_children(data, 0, len(data))[1]
    if segment["id"] != 0x18538067 or not segment["unknown"]:
        die("expected a live (unknown-size) Segment")
    base = segment["at"] + segment["head"]
    children = ebml_children(data, base, len(data))
    tracks = next(c for c in children if c["id"] == 0x1654AE6B)
    if any(c["id"] in (0x1C53BB6B, 0xBF) for c in children):
        die("write the webm with -live 1 -write_crc32 0: no Cues or CRCs to fix")
    encodings = ebml_element(0x6D80, ebml_element(0x6240,
        ebml_uint(0x5031, 0) + ebml_uint(0x5032, 1) + ebml_uint(0x5033, 1) +
        ebml_element(0x5035, ebml_uint(0x47E1, 5) + ebml_element(0x47E2, kid) +
                     ebml_element(0x47E7, ebml_uint(0x47E8, 1)))))
    start = tracks["at"] + tracks["head"]
    end = start + tracks["size"]
    payload = b""
    for entry in ebml_children(data, start, end):
        raw = data[entry["at"]:entry["at"] + entry["head"] + entry["size"]]
        if entry["id"] == 0xAE:
            raw = ebml_element(0xAE, raw[entry["head"]:] + encodings)
        payload += raw
    rebuilt = ebml_element(0x1654AE6B, payload)
    delta = len(rebuilt) - (end - tracks["at"])
    data = bytearray(data[:tracks["at"]] + rebuilt + data[end:])
    seek_head = next(c for c in children if c["id"] == 0x114D9B74)
    head_start = seek_head["at"] + seek_head["head"]
    for seek in ebml_children(data, head_start, head_start + seek_head["size"]):
        seek_start = seek["at"] + seek["head"]
        for field in ebml_children(data, seek_start, seek_start + seek["size"]):
            if field["id"] == 0x53AC:   # SeekPosition, relative to the Segment's data
                at = field["at"] + field["head"]
                position = int.from_bytes(data[at:at + field["size"]], "big")
                if position > tracks["at"] - base:
                    data[at:at + field["size"]] = (position + delta).to_bytes(field["size"], "big")
    return bytes(data)


def ffmpeg_sees(path):
    """What FFmpeg 5.1 itself reports about a protected file (it never refuses one)."""
    result = subprocess.run(["ffprobe", "-v", "error", "-of", "json", "-show_streams", "-show_packets",
                             "-read_intervals", "%+#3", str(path)], capture_output=True)
    errors = sorted({re.sub(r"^\[[^]]*\] ", "", line) for line in result.stderr.decode(errors="replace").splitlines()
                     if not line.startswith(" ")})
    if result.returncode != 0:
        return {"opens": False, "errors": errors}
    info = json.loads(result.stdout)
    streams = info.get("streams", [])
    side = [d.get("side_data_type") for s in streams for d in s.get("side_data_list", [])]
    packet_side = [d.get("side_data_type") for p in info.get("packets", []) for d in p.get("side_data_list", [])]
    return {
        "opens": True,
        "errors": errors[:5],
        "codec_tag": streams[0].get("codec_tag_string") if streams else None,
        "encryption_init_data": "Encryption initialization data" in side,
        "packet_encryption_info": "Encryption info" in packet_side,
        "enc_key_id": next((s.get("tags", {}).get("enc_key_id") for s in streams if "enc_key_id" in s.get("tags", {})), None),
    }


def protected_truth(rel, container, scheme, system, description, stage, **extra):
    return {"file": rel.split("/")[-1], "kind": "protected", "container": container,
            "protection": {"scheme": scheme, "system": system}, "stage": stage,
            "description": description, **extra}


def make_protected(work):
    folder = work / "protected"
    (folder / "hls").mkdir(parents=True)
    kid = bytes.fromhex(CENC_KID)
    truths = {}

    clear = work / "protected-clear.mp4"
    ffmpeg(*COUNTER_SOURCE[:-2], "-frames:v", PROTECTED_FRAMES, *x264_gop(PROTECTED_FRAMES), *BITEXACT, clear)

    ffmpeg("-i", clear, *ENCRYPT, "-movflags", "+faststart", *BITEXACT, folder / "cenc.mp4")
    truths["protected/cenc.mp4"] = protected_truth(
        "cenc.mp4", "mp4", "cenc", "unknown", "CENC (AES-CTR) mp4 as ffmpeg writes it: encv/sinf/schm/tenc, "
        "moov first, no pssh", "container", ffmpeg=ffmpeg_sees(folder / "cenc.mp4"))

    moov_last = work / "protected-moov-last.mp4"
    ffmpeg("-i", clear, *ENCRYPT, *BITEXACT, moov_last)
    widevine = append_to_moov(moov_last.read_bytes(), pssh_box("Widevine", widevine_pssh_data(kid, b"cenc")))
    (folder / "cenc-widevine.mp4").write_bytes(widevine)
    truths["protected/cenc-widevine.mp4"] = protected_truth(
        "cenc-widevine.mp4", "mp4", "cenc", "Widevine", "The same with the moov last and a Widevine pssh box "
        "added to it", "container", ffmpeg=ffmpeg_sees(folder / "cenc-widevine.mp4"))

    playready = append_to_moov(moov_last.read_bytes(), pssh_box("PlayReady", playready_object(kid)))
    (folder / "cbcs-playready.mp4").write_bytes(patch_scheme(playready, b"cenc", b"cbcs"))
    truths["protected/cbcs-playready.mp4"] = protected_truth(
        "cbcs-playready.mp4", "mp4", "cbcs", "PlayReady", "The same with a PlayReady pssh box and schm patched "
        "to cbcs (the samples stay CTR-encrypted)", "container", ffmpeg=ffmpeg_sees(folder / "cbcs-playready.mp4"))

    ffmpeg("-i", clear, *ENCRYPT, "-movflags", "frag_keyframe+empty_moov", *BITEXACT, folder / "cenc-fragmented.mp4")
    truths["protected/cenc-fragmented.mp4"] = protected_truth(
        "cenc-fragmented.mp4", "mp4", "cenc", "unknown", "Fragmented CENC mp4 (empty moov, one moof per "
        "keyframe); ffmpeg 5.1 cannot read it back", "container", ffmpeg=ffmpeg_sees(folder / "cenc-fragmented.mp4"))

    clear_webm = work / "protected-clear.webm"
    ffmpeg(*COUNTER_SOURCE[:-2], "-frames:v", PROTECTED_FRAMES, "-c:v", "libvpx-vp9", "-crf", "40", "-b:v", "0",
           "-g", PROTECTED_FRAMES, "-deadline", "good", "-cpu-used", "4", "-threads", "1", "-row-mt", "0",
           "-pix_fmt", "yuv420p", "-f", "webm", "-live", "1", "-write_crc32", "0", *BITEXACT, clear_webm)
    (folder / "encrypted.webm").write_bytes(add_webm_encryption(clear_webm.read_bytes(), kid))
    truths["protected/encrypted.webm"] = protected_truth(
        "encrypted.webm", "webm", "aes-ctr", "unknown", "VP9 webm whose track has a ContentEncryption (AES-CTR, "
        "key ID) added by hand; its blocks are not actually encrypted (ffmpeg cannot write that)", "container",
        ffmpeg=ffmpeg_sees(folder / "encrypted.webm"))
    if truths["protected/encrypted.webm"]["ffmpeg"]["enc_key_id"] is None:
        die("ffmpeg does not see the key ID added to encrypted.webm")
    for name in ("cenc-widevine.mp4", "cbcs-playready.mp4"):
        if not truths[f"protected/{name}"]["ffmpeg"]["encryption_init_data"]:
            die(f"ffmpeg reports no encryption init data for {name}: the pssh box was not read")

    mpd = f"""<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" xmlns:cenc="urn:mpeg:cenc:2013" type="static"
     profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" minBufferTime="PT1S" mediaPresentationDuration="PT1.001S">
  <Period>
    <AdaptationSet mimeType="video/mp4" segmentAlignment="true">
      <ContentProtection schemeIdUri="urn:mpeg:dash:mp4protection:2011" value="cenc"
                         cenc:default_KID="{CENC_KID[:8]}-{CENC_KID[8:12]}-{CENC_KID[12:16]}-{CENC_KID[16:20]}-{CENC_KID[20:]}"/>
      <ContentProtection schemeIdUri="{WIDEVINE_KEYFORMAT}">
        <cenc:pssh>{base64.b64encode(pssh_box("Widevine", widevine_pssh_data(kid, b"cenc"))).decode()}</cenc:pssh>
      </ContentProtection>
      <ContentProtection schemeIdUri="urn:uuid:9a04f079-9840-4286-ab92-e65be0885f95"/>
      <Representation id="video" codecs="avc1.64001e" width="{COUNTER_W}" height="{COUNTER_H}" bandwidth="200000">
        <BaseURL>cenc-fragmented.mp4</BaseURL>
      </Representation>
    </AdaptationSet>
  </Period>
</MPD>
"""
    (folder / "cenc.mpd").write_text(mpd)
    truths["protected/cenc.mpd"] = protected_truth(
        "cenc.mpd", "dash", "cenc", "Widevine", "DASH MPD with ContentProtection for CENC, Widevine and "
        "PlayReady over cenc-fragmented.mp4", "manifest")

    truths.update(make_protected_hls(folder / "hls", clear))
    return truths


def hls_with_key(playlist, key_line):
    """A VOD media playlist with `key_line` before its first segment."""
    marker = "#EXT-X-PLAYLIST-TYPE:VOD\n"
    if marker not in playlist:
        die("unexpected hls playlist header")
    return playlist.replace(marker, marker + key_line + "\n", 1)


def make_protected_hls(folder, clear):
    """DRM-flagged playlists over clear segments: players would ask a key system for keys; the
    segments themselves are placeholders (ffmpeg cannot write SAMPLE-AES)."""
    ffmpeg("-i", clear, "-c", "copy", "-f", "hls", "-hls_time", "1", "-hls_list_size", "0",
           "-hls_playlist_type", "vod", "-hls_segment_filename", folder / "plain%d.ts", *BITEXACT, folder / "plain.m3u8")
    plain = (folder / "plain.m3u8").read_text()
    fairplay_key = ('#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://framegrab-test-key",'
                    'KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1"')
    pssh = base64.b64encode(pssh_box("Widevine", widevine_pssh_data(bytes.fromhex(CENC_KID), b"cenc"))).decode()
    widevine_key = (f'#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI="data:text/plain;base64,{pssh}",'
                    f'KEYFORMAT="{WIDEVINE_KEYFORMAT}",KEYFORMATVERSIONS="1"')
    (folder / "fairplay.m3u8").write_text(hls_with_key(plain, fairplay_key))
    (folder / "widevine.m3u8").write_text(hls_with_key(plain, widevine_key))
    variant = f'#EXT-X-STREAM-INF:BANDWIDTH=250000,RESOLUTION={COUNTER_W}x{COUNTER_H},CODECS="avc1.64001e"\n'
    (folder / "fairplay-master.m3u8").write_text("#EXTM3U\n#EXT-X-VERSION:3\n" + variant + "fairplay.m3u8\n")
    (folder / "playready-session-master.m3u8").write_text(
        "#EXTM3U\n#EXT-X-VERSION:5\n"
        '#EXT-X-SESSION-KEY:METHOD=SAMPLE-AES,URI="data:text/plain;charset=UTF-16;base64,AAAA",'
        'KEYFORMAT="com.microsoft.playready",KEYFORMATVERSIONS="1"\n' + variant + "plain.m3u8\n")
    (folder / "mixed-master.m3u8").write_text(
        "#EXTM3U\n#EXT-X-VERSION:3\n" + variant + "plain.m3u8\n"
        '#EXT-X-STREAM-INF:BANDWIDTH=120000,RESOLUTION=240x136,CODECS="avc1.64001e"\nfairplay.m3u8\n')
    described = [
        ("fairplay.m3u8", "sample-aes", "FairPlay", "Media playlist with a FairPlay key (SAMPLE-AES, skd:// URI)"),
        ("fairplay-master.m3u8", "sample-aes", "FairPlay", "Master playlist whose one variant is fairplay.m3u8"),
        ("widevine.m3u8", "sample-aes-ctr", "Widevine", "Media playlist with a Widevine key (SAMPLE-AES-CTR, pssh data URI)"),
        ("playready-session-master.m3u8", "sample-aes", "PlayReady",
         "Master playlist with a PlayReady #EXT-X-SESSION-KEY over the clear plain.m3u8"),
        ("mixed-master.m3u8", "sample-aes", "FairPlay",
         "Master playlist whose sharpest variant (plain.m3u8) is clear but whose 240x136 one is FairPlay"),
    ]
    return {f"protected/hls/{name}": protected_truth(name, "hls", scheme, system, description, "playlist")
            for name, scheme, system, description in described}
