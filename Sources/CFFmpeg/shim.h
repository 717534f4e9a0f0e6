#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H

#include <errno.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/encryption_info.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libavutil/parseutils.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

// AVERROR() is a function-like macro; Swift cannot import it.
static inline int CFFmpeg_AVERROR(int posixError) { return AVERROR(posixError); }

// AVERROR_EOF is built with FFERRTAG, a macro Swift cannot evaluate.
static inline int CFFmpeg_AVERROR_EOF(void) { return AVERROR_EOF; }

// AVERROR_INVALIDDATA is built with FFERRTAG too.
static inline int CFFmpeg_AVERROR_INVALIDDATA(void) { return AVERROR_INVALIDDATA; }

// AVERROR_EXIT is built with FFERRTAG too; an interrupt callback abort reports it.
static inline int CFFmpeg_AVERROR_EXIT(void) { return AVERROR_EXIT; }

// The AVERROR_HTTP_* codes are built with FFERRTAG too; any of them means the server said no.
static inline int CFFmpeg_isHTTPError(int code) {
    return code == AVERROR_HTTP_BAD_REQUEST || code == AVERROR_HTTP_UNAUTHORIZED || code == AVERROR_HTTP_FORBIDDEN
        || code == AVERROR_HTTP_NOT_FOUND || code == AVERROR_HTTP_OTHER_4XX || code == AVERROR_HTTP_SERVER_ERROR;
}

// AV_NOPTS_VALUE is a cast of a 64-bit literal; Swift imports it as nothing.
static inline int64_t CFFmpeg_NOPTS_VALUE(void) { return AV_NOPTS_VALUE; }

#endif
