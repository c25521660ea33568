"""Export the search as an animation: GIF, animated WebP and APNG (Pillow), MP4 (ffmpeg).

One frame per push and per pop, drawn by the window's ``paint_board`` (numbers,
path, the pop's red flash, the start mark) with the knight on top; the last
frame is the board as the search left it, held a few seconds.  Longer searches
are sampled evenly to at most ``max_frames`` frames, and the caption says
"every k-th event".

The search runs twice: once to learn how many events the animation covers
(so the frames can be sampled evenly and the count written up front), once
to draw them.  Events that no search from the start makes again (a student's
run, a path handed over by Play Yourself, a file's own moves) are animated
from a recording of them instead (``recorded``: ``History.frozen``), read
twice the same way.  Frames are drawn one at a time into one reused QImage and
streamed to the encoder, so memory stays flat however long the search is.
All three formats share one optimised palette (median cut over sample
frames: the finished board, a half-way one, the pop's red at several
strengths) and write each frame as only the box that changed since the
previous one, its unchanged pixels transparent.  The containers (GIF89a,
APNG, RIFF WebP) are written here, a frame at a time; Pillow encodes each
frame's pixels (its LZW, PNG and lossless WebP encoders), as its own
multi-frame writers hold every frame until the end.

``export_animation`` works in any thread (QImage and QPainter only, never a
QPixmap) once a QGuiApplication exists; ``progress(done, total)`` is called
as it goes and cancels the export by returning False.  The file is written
by ``tour.fileio.write_atomically`` (a temporary file in the target folder,
renamed into place), so a cancelled or failed export leaves no file (and an
existing one untouched).

Pillow is optional (``pip install 'knight-tour[animation]'``): without it, GIF,
WebP and APNG say how to get it.  MP4 needs an ``ffmpeg`` program on PATH.
"""

from __future__ import annotations

import io
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, BinaryIO, NamedTuple, Protocol

from PySide6.QtCore import QCoreApplication, QRectF
from PySide6.QtGui import QColor, QFont, QImage, QPainter

from ..tour import Board, Event, Outcome, Pop, Search
from ..tour.fileio import FileProblem, write_atomically
from ..tour.messages import Message
from ..tour.state import TourState
from .board_widget import FLASH_SECONDS, MAX_FLASHES
from .export import ExportError, _page, band_height, caption_font, paint_caption
from .painting import (
    COORDS_CHESS,
    LAYER_BASE,
    LAYER_MARKS,
    LIGHT_THEME,
    BoardView,
    Layout,
    PaintCache,
    Theme,
    layout_board,
    paint_board,
)

if TYPE_CHECKING:
    from PIL.Image import Image as PILImage

#: The formats, by file extension (``.png`` is APNG only when asked for an animation).
FORMATS = {".gif": "gif", ".webp": "webp", ".apng": "apng", ".png": "apng", ".mp4": "mp4"}
FPS_RANGE = (0.0, 50.0)  #: frames per second: above 50, browsers slow GIF frames down to 10 per second
PX_RANGE = (16, 2048)  #: the board's longer side; 2048 px frames are 16 MB each, a few held at once
MAX_FRAMES_MIN = 2
MAX_HOLD = 60.0
#: A search is followed at most this far when no end event is given (a few seconds each way).
MAX_EVENTS = 5_000_000
PILLOW_HINT = "pip install 'knight-tour[animation]' (or: pip install pillow)"

#: The GIF palette is made from sample frames at most this big (median cut over more pixels
#: takes memory by the pixel: 2048 px frames took 400 MB).
PALETTE_SAMPLE_PX = 512
_TRANSPARENT = 255  # the palette index of "unchanged": the palette has 255 colours
#: Lossless WebP's method and effort: a 5×5 search of 584 frames at 640 px is 4.3 MB in 13 s this way,
#: 5.9 MB in 13 s at (0, 100), 4.0 MB in 20 s at (1, 50).
WEBP_METHOD, WEBP_EFFORT = 2, 20
_NONZERO = [0] + [255] * 255  # a point() table: 255 where a difference is not zero


class ExportCancelled(Exception):
    """The progress callback asked to stop; no file was written."""


class NothingToAnimate(ExportError):
    """The search makes no move (an impossible start): there is no animation to write."""


class SearchSettings(Protocol):
    """What to search: the window's ``SearchConfig`` fits, as does any object with these fields."""

    @property
    def board(self) -> Board: ...
    @property
    def algorithm(self) -> str: ...
    @property
    def tie_break(self) -> str | None: ...
    @property
    def closed(self) -> bool: ...


@dataclass(frozen=True)
class AnimationOptions:
    """How to draw and encode an animation.

    Events are numbered as on the window's timeline: event n is the n-th
    event of the search (pushes, pops and outcomes), and the frame "at" n
    shows the board after it.  The first frame is at ``start_event`` (1: the
    start square pushed); every push and pop after it adds one, up to
    ``end_event`` (None: the search's first outcome).
    """

    fps: float = 10.0
    max_frames: int = 600
    px: int = 640  #: the board's longer side (with its coordinates); the caption adds a band below
    caption: bool = False  #: a line under the board: board, start, algorithm, pushes, pops (and sampling)
    loop: bool = True
    start_event: int = 1
    end_event: int | None = None
    hold: float = 3.0  #: seconds the last frame shows
    coords: str = COORDS_CHESS
    budget: int | None = None  #: stop the search after this many pushes
    seconds: float | None = None  #: stop the search after this many seconds
    theme: Theme = field(default_factory=lambda: LIGHT_THEME)

    def problems(self) -> list[str]:
        """What is wrong with these options, one line each, as a user gave them (empty: none)."""
        found = []
        low, high = FPS_RANGE
        if not (low < self.fps <= high and math.isfinite(self.fps)):
            found.append(f"--fps must be more than {low:g} and at most {high:g}, not {self.fps:g}")
        if self.max_frames < MAX_FRAMES_MIN:
            found.append(f"--max-frames must be at least {MAX_FRAMES_MIN}, not {self.max_frames}")
        if not PX_RANGE[0] <= self.px <= PX_RANGE[1]:
            found.append(f"--px must be between {PX_RANGE[0]} and {PX_RANGE[1]} for an animation, "
                         f"not {self.px}")
        if not (0 <= self.hold <= MAX_HOLD and math.isfinite(self.hold)):
            found.append(f"--hold must be between 0 and {MAX_HOLD:g} seconds, not {self.hold:g}")
        if self.start_event < 0:
            found.append(f"--start-event must be at least 0, not {self.start_event}")
        if self.end_event is not None and self.end_event < 1:
            found.append(f"--end-event must be at least 1, not {self.end_event}")
        elif self.end_event is not None and self.end_event < max(self.start_event, 0):
            found.append(f"--end-event ({self.end_event}) must not come before --start-event "
                         f"({self.start_event})")
        return found


class AnimationResult(NamedTuple):
    """What an export wrote."""

    path: str
    format: str
    frames: int  #: frames in the file
    step: int  #: every step-th event is drawn (1: all)
    start_event: int
    end_event: int
    outcome: Outcome | None  #: the last outcome up to the end event, if any
    width: int
    height: int
    size: int  #: bytes


class AnimationPlan(NamedTuple):
    """What an export will draw, learnt by running the search once (see ``plan_animation``)."""

    start_event: int
    end_event: int
    moves: int  # frames before sampling: the first, and one per push and pop after it
    step: int
    frames: int  # frames after sampling
    path: list[int]  # the path at the end
    pushes: int
    pops: int
    outcome: Outcome | None


# -- the frame count and the events ------------------------------------------------------


def format_of(filename: str | os.PathLike[str], animate: bool = True) -> str | None:
    """The animation format a file name asks for (None: not an animation)."""
    suffix = Path(filename).suffix.lower()
    if suffix == ".png" and not animate:
        return None
    return FORMATS.get(suffix)


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 22nd."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def sample_step(moves: int, max_frames: int) -> int:
    """Draw every step-th of ``moves`` frames so that at most ``max_frames`` remain, the first
    and the last always among them."""
    if moves <= max_frames:
        return 1
    return -(-(moves - 1) // (max_frames - 1))


def sampled_count(moves: int, step: int) -> int:
    """Frames drawn of ``moves`` when drawing every ``step``-th, and the last."""
    return 1 if moves <= 1 else -(-(moves - 1) // step) + 1


def _search(config: SearchSettings, start: int, options: AnimationOptions, timed: bool) -> Search:
    return Search(config.board, start, config.algorithm, config.tie_break, config.closed, options.budget,
                  options.seconds if timed else None)


def plan_animation(config: SearchSettings, start: int, options: AnimationOptions,
                   progress: Callable[[int, int], bool] = lambda done, total: True,
                   recorded: Iterable[Event] | None = None) -> AnimationPlan:
    """Run the search once to count the frames of the range (``progress(events, 0)`` while it runs).

    ``recorded``: the events to animate instead of the search's (read again to draw them); they
    end at their first outcome or where they end."""
    events: Iterable[Event]
    search: Search | None = None
    if recorded is None:
        events = search = _search(config, start, options, timed=True)
    else:
        events = recorded
    state = TourState(config.board)  # follows recorded events (a search counts for itself)
    first, stop = options.start_event, options.end_event
    limit = stop if stop is not None else MAX_EVENTS
    pos = moves = 0
    outcome: Outcome | None = None
    for event in events:
        pos += 1
        if search is None:
            state.apply(event)
        if event.__class__ is Outcome:
            outcome = event
            if stop is None:
                break
        elif pos > first:
            moves += 1
        if pos >= limit:
            break
        if not pos & 0xFFFF and not progress(pos, 0):
            raise ExportCancelled
    if search is not None:
        path, pushes, pops = search.path(), search.pushes, search.pops
    else:
        path, pushes, pops = list(state.path), state.pushes, state.pops
    if pushes == 0:
        reason = outcome.message if outcome is not None else Message("animation-no-move")
        raise NothingToAnimate(Message("animation-nothing", (reason,)))
    if first > pos:
        raise ExportError(Message("animation-past-end", (pos, first)))
    frames_in_range = moves + 1
    step = sample_step(frames_in_range, options.max_frames)
    return AnimationPlan(first, pos, frames_in_range, step, sampled_count(frames_in_range, step),
                         path, pushes, pops, outcome)


class _Shot(NamedTuple):
    """One frame to draw: the state then, and its flashes."""

    path: list[int]
    pushes: int
    pops: int
    flashes: list[tuple[int, float]]
    final: bool  # the last frame: held, no flashes
    finished: bool  # the search has reported an outcome just then (a whole tour: no knight)


def _shots(config: SearchSettings, start: int, options: AnimationOptions,
           plan: AnimationPlan, recorded: Iterable[Event] | None = None) -> Iterator[_Shot]:
    """The frames of ``plan``, in order: the state after each sampled event."""
    state = TourState(config.board)
    events: Iterable[Event] = (  # the same events, up to the planned end
        _search(config, start, options, timed=False) if recorded is None else recorded)
    step, last, first = plan.step, plan.moves - 1, plan.start_event
    period = 1.0 / options.fps
    lit: dict[int, float] = {}  # square -> the time its flash began
    popped: list[int] = []  # squares popped since the last frame
    index = drawn = 0

    def shot(final: bool) -> _Shot:
        now = drawn * period
        for sq in popped[-MAX_FLASHES:]:
            lit.pop(sq, None)
            lit[sq] = now
        popped.clear()
        while len(lit) > MAX_FLASHES:
            lit.pop(next(iter(lit)))
        top = state.path[-1] if state.path else -1
        flashes = [] if final else [(sq, 1.0 - (now - t) / FLASH_SECONDS) for sq, t in lit.items()
                                    if now - t < FLASH_SECONDS - 1e-9 and sq != top]
        return _Shot(list(state.path), state.pushes, state.pops, flashes, final, state.outcome is not None)

    if first == 0:  # the bare board (the end is at least event 1)
        yield shot(False)
        drawn = index = 1
    pos = 0
    for event in events:
        pos += 1
        state.apply(event)
        cls = event.__class__
        if pos < first:
            continue
        if pos == plan.end_event:
            yield shot(True)
            return
        if cls is Pop and pos > first:
            popped.append(event.square)  # type: ignore[union-attr]
        if pos == first or cls is not Outcome:
            if index % step == 0 and index < last:
                yield shot(False)
                drawn += 1
            index += 1


# -- drawing ---------------------------------------------------------------------------


def _tr(text: str) -> str:
    return QCoreApplication.translate("Animation", text)


def caption_head(config: SearchSettings, start: int, solver: str | None = None, by_hand: int = 0) -> str:
    """The fixed part of the caption: board, start and algorithm (or ``solver``: the name of a
    student's solver file, whose run is shown).  ``by_hand``: the first moves were the student's
    (Play Yourself handed them to the search), "moves 1–12 by hand, then Warnsdorff"."""
    from .i18n import config_name

    board = config.board
    name = solver if solver is not None else config_name(config.algorithm, config.tie_break)
    if by_hand > 1 and solver is None:  # (the start alone is not a move made by hand)
        name = _tr("moves 1–%1 by hand, then %2").replace("%1", str(by_hand)).replace("%2", name)
    return _tr("%1 · start %2 · %3").replace("%1", board.dims).replace("%2", board.name(start)).replace(
        "%3", name)


def caption_text(head: str, pushes: int, pops: int, step: int) -> str:
    """The caption of one frame: ``head``, the counters and, when sampled, "every k-th event"."""
    text = head + _tr(" · pushes %1 · pops %2").replace("%1", str(pushes)).replace("%2", str(pops))
    if step > 1:  # (a plain number: an English ordinal, "every 3rd", has no place in other languages)
        text += _tr(" · a frame every %1 events").replace("%1", str(step))
    return text


class FrameRenderer:
    """Draws frames of one board into one reused image (safe in a worker thread).

    Everything, the knight too, comes from ``paint_board`` with this renderer's own
    ``PaintCache`` (its SVG renderer and the knight's image made in this thread, as the
    window's stay in the GUI thread).
    """

    def __init__(self, board: Board, start: int, options: AnimationOptions, head: str = "") -> None:
        self.board = board
        self.start = start
        self.options = options
        self.head = head
        probe = BoardView(board, coords=options.coords)
        width, height, margin = _page(probe, options.px)
        self.band = band_height(width) if options.caption else 0  # (as an exported image's)
        self.width, self.height = width, height + self.band
        self.layout: Layout = layout_board(QRectF(0, 0, width, height), board, options.coords, margin=margin)
        self.image = QImage(self.width, self.height, QImage.Format.Format_RGB32)
        #: Laid-out numbers kept from frame to frame: this renderer's own, used by one thread at a time.
        self.cache = PaintCache()
        self._caption_font: QFont | None = None

    def view(self, path: list[int], flashes: list[tuple[int, float]], finished: bool) -> BoardView:
        """What the window's board shows at that moment (no knight once a whole tour is reported).
        Once the search has reported its outcome, the board is the exported picture's
        (``export.tour_view``): arrowheads the way the knight went, and a whole tour's last square
        framed; the last frame, held, ends the animation on the same picture as Export PNG."""
        complete = finished and len(path) == self.board.size
        return BoardView(self.board, path=path, start=self.start, coords=self.options.coords,
                         show_knight=not complete, flashes=flashes, arrows=finished, mark_last=finished)

    def render(self, path: list[int], pushes: int, pops: int, flashes: Sequence[tuple[int, float]] = (),
               finished: bool = False, step: int = 1, closed: bool = False) -> QImage:
        """The frame as an image (the same image every time: use it before the next call)."""
        theme = self.options.theme
        view = self.view(path, list(flashes), finished)
        view.closed = closed
        image = self.image
        image.fill(theme.background)
        with QPainter(image) as painter:
            paint_board(painter, self.layout, view, theme, layers=LAYER_BASE, cache=self.cache)
            # (marks, flashes and the knight: drawn from an image the cache keeps for its size)
            paint_board(painter, self.layout, view, theme, layers=LAYER_MARKS, cache=self.cache)
            if self.band:
                self._paint_caption(painter, caption_text(self.head, pushes, pops, step))
        return image

    def fit_caption(self, widest: str) -> None:
        """Size the caption's font so that ``widest`` (the caption with the largest counters) fits:
        the text keeps one size through the animation."""
        self._caption_font = caption_font(self.band, widest, self.width - 2 * self._caption_pad())

    def _caption_pad(self) -> float:
        return max(4.0, self.layout.margin, self.band * 0.4)

    def _paint_caption(self, painter: QPainter, text: str) -> None:
        rect = QRectF(0, self.height - self.band, self.width, self.band)
        painter.fillRect(rect, self.options.theme.background)
        if self._caption_font is None:
            self.fit_caption(text)
        paint_caption(painter, rect, text, self.options.theme, self._caption_pad(), self._caption_font)


# -- Pillow and the encoders ---------------------------------------------------------------


def pillow_available() -> bool:
    """Whether Pillow can be imported."""
    try:
        import PIL.Image  # noqa: F401
    except ImportError:
        return False
    return True


def _pil() -> Any:
    try:
        from PIL import Image
    except ImportError:
        raise ExportError(Message("animation-no-pillow", (PILLOW_HINT,))) from None
    return Image


def _to_pil(image: QImage) -> PILImage:
    """An RGB copy of a Format_RGB32 image."""
    from PIL import Image

    raw = "BGRX" if sys.byteorder == "little" else "XRGB"
    return Image.frombytes("RGB", (image.width(), image.height()), bytes(image.constBits()), "raw", raw,
                           image.bytesPerLine(), 1)


Box = tuple[int, int, int, int]


class _Encoder(Protocol):
    def add(self, image: QImage, delay: Fraction) -> None: ...
    def finish(self) -> None: ...


class _Indexed:
    """One palette for a whole animation (median cut over sample frames: 255 colours, index 255
    left for "unchanged") and each frame as indices into it, only the box that changed, the
    unchanged pixels in it transparent: a frame costs bytes for what moved."""

    def __init__(self, size: tuple[int, int], samples: list[PILImage]) -> None:
        from PIL import Image

        self.size = size
        width, height = samples[0].size
        sheet = Image.new("RGB", (width, height * len(samples)))
        for i, sample in enumerate(samples):
            sheet.paste(sample, (0, i * height))
        quantized = sheet.quantize(colors=255, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        palette = (quantized.getpalette() or [])[: 255 * 3]
        palette += [0] * (255 * 3 - len(palette))
        self.palette = Image.new("P", (1, 1))
        self.palette.putpalette(palette)  # 255 colours: no pixel is ever mapped to index 255
        self.palette_bytes = bytes(palette) + b"\0\0\0"
        self.previous: PILImage | None = None  # the indices on screen, as an "L" image
        self.previous_rgb: PILImage | None = None

    def _indices(self, image: PILImage) -> PILImage:
        from PIL import Image

        mapped = image.quantize(palette=self.palette, dither=Image.Dither.NONE)
        return Image.frombytes("L", mapped.size, mapped.tobytes())

    def next(self, image: QImage) -> tuple[Box, PILImage, bool]:
        """The box that changed, the frame there (mode P, _TRANSPARENT where unchanged), and
        whether it is the first (whole, nothing transparent)."""
        from PIL import Image, ImageChops

        rgb = _to_pil(image)
        first = self.previous is None
        if self.previous is None:
            box: Box = (0, 0, *self.size)
            frame = self.previous = self._indices(rgb)
        else:
            assert self.previous_rgb is not None
            box = ImageChops.difference(rgb, self.previous_rgb).getbbox() or (0, 0, 1, 1)
            indices = self._indices(rgb.crop(box))
            changed = ImageChops.difference(indices, self.previous.crop(box)).point(_NONZERO)
            frame = Image.composite(indices, Image.new("L", indices.size, _TRANSPARENT), changed)
            self.previous.paste(indices, box[:2])
        self.previous_rgb = rgb
        paletted = Image.frombytes("P", frame.size, frame.tobytes())
        paletted.putpalette(self.palette_bytes)
        return box, paletted, first


class _GifEncoder:
    """GIF89a written a frame at a time (see ``_Indexed``); Pillow's LZW encodes each frame."""

    def __init__(self, out: IO[bytes], size: tuple[int, int], samples: list[PILImage], loop: bool) -> None:
        self.out = out
        self.frames = _Indexed(size, samples)
        self.time = Fraction(0)
        self.shown = 0  # hundredths of a second shown so far
        header = b"GIF89a" + struct.pack("<HHBBB", size[0], size[1], 0xF7, 0, 0) + self.frames.palette_bytes
        if loop:
            header += b"!\xff\x0bNETSCAPE2.0\x03\x01\x00\x00\x00"
        out.write(header)

    def add(self, image: QImage, delay: Fraction) -> None:
        from PIL import GifImagePlugin

        self.time += delay
        hundredths = round(self.time * 100) - self.shown  # no drift: the delays add up to the time
        self.shown += hundredths
        box, frame, first = self.frames.next(image)
        options: dict[str, Any] = {} if first else {"transparency": _TRANSPARENT}
        data = GifImagePlugin.getdata(frame, offset=box[:2], duration=hundredths * 10, disposal=1, **options)
        self.out.write(b"".join(data))

    def finish(self) -> None:
        self.out.write(b";")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png_chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    at = 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at:at + 4])
        yield data[at + 4:at + 8], data[at + 8:at + 8 + length]
        at += length + 12


class _ApngEncoder:
    """APNG written a frame at a time: the GIF's palette and frames (see ``_Indexed``), index 255
    transparent and blended over the previous frame, each compressed by Pillow's PNG encoder (one
    byte a pixel: a quarter of RGBA's work, and smaller than the GIF)."""

    def __init__(self, out: IO[bytes], size: tuple[int, int], samples: list[PILImage], frames: int,
                 loop: bool) -> None:
        self.out = out
        self.frames = _Indexed(size, samples)
        self.sequence = 0
        out.write(b"\x89PNG\r\n\x1a\n")
        out.write(_chunk(b"IHDR", struct.pack(">IIBBBBB", size[0], size[1], 8, 3, 0, 0, 0)))
        out.write(_chunk(b"acTL", struct.pack(">II", frames, 0 if loop else 1)))
        out.write(_chunk(b"PLTE", self.frames.palette_bytes))
        out.write(_chunk(b"tRNS", b"\xff" * _TRANSPARENT + b"\x00"))

    def add(self, image: QImage, delay: Fraction) -> None:
        box, frame, first = self.frames.next(image)
        buffer = io.BytesIO()
        frame.save(buffer, "PNG", compress_level=6)  # a palette of 256 entries: 8 bits a pixel
        data = b"".join(body for kind, body in _png_chunks(buffer.getvalue()) if kind == b"IDAT")
        delay = delay.limit_denominator(65535)
        while delay.numerator > 65535:  # a hold over a minute at a fine fraction: coarser
            delay = Fraction(round(delay * 100), 100)
        self.out.write(_chunk(b"fcTL", struct.pack(
            ">IIIIIHHBB", self.sequence, frame.width, frame.height, box[0], box[1], delay.numerator,
            delay.denominator, 0, 0 if first else 1)))
        self.sequence += 1
        if first:
            self.out.write(_chunk(b"IDAT", data))
        else:
            self.out.write(_chunk(b"fdAT", struct.pack(">I", self.sequence) + data))
            self.sequence += 1

    def finish(self) -> None:
        self.out.write(_chunk(b"IEND", b""))


class _WebpEncoder:
    """Animated WebP (RIFF, VP8X, ANIM, ANMF) written a frame at a time: the GIF's palette and
    frames (see ``_Indexed``) at even offsets, as WebP wants, the unchanged pixels transparent and
    blended over the previous frame; Pillow's WebP encoder compresses each, losslessly (with at
    most 256 colours it indexes them itself: smaller and quicker than full colour)."""

    def __init__(self, out: IO[bytes], size: tuple[int, int], samples: list[PILImage], loop: bool,
                 background: QColor) -> None:
        from PIL import features

        if not features.check("webp"):
            raise ExportError(Message("animation-no-webp"))
        self.out = out
        self.frames = _Indexed(size, samples)
        self.time = Fraction(0)
        self.shown = 0  # milliseconds
        self.start = out.tell()
        vp8x = struct.pack("<B3x", 0x12) + _u24(size[0] - 1) + _u24(size[1] - 1)
        anim = struct.pack("<BBBBH", background.blue(), background.green(), background.red(), 255,
                           0 if loop else 1)
        out.write(b"RIFF\0\0\0\0WEBP" + _riff(b"VP8X", vp8x) + _riff(b"ANIM", anim))

    def add(self, image: QImage, delay: Fraction) -> None:
        from PIL import Image

        self.time += delay
        ms = round(self.time * 1000) - self.shown
        self.shown += ms
        box, frame, first = self.frames.next(image)
        x, y = box[0] & ~1, box[1] & ~1
        if (x, y) != box[:2]:  # WebP places frames at even offsets
            wider = Image.new("P", (box[2] - x, box[3] - y), _TRANSPARENT)
            wider.putpalette(self.frames.palette_bytes)
            wider.paste(frame, (box[0] - x, box[1] - y))
            frame = wider
        frame.info["transparency"] = _TRANSPARENT
        buffer = io.BytesIO()
        frame.convert("RGBA").save(buffer, "WEBP", lossless=True, quality=WEBP_EFFORT, method=WEBP_METHOD)
        body = b"".join(_riff(kind, chunk) for kind, chunk in _riff_chunks(buffer.getvalue())
                        if kind in (b"ALPH", b"VP8 ", b"VP8L"))
        flags = 0x02 if first else 0x00  # the first frame replaces; later ones blend
        header = (_u24(x // 2) + _u24(y // 2) + _u24(frame.width - 1) + _u24(frame.height - 1)
                  + _u24(min(ms, 0xFFFFFF)) + bytes([flags]))
        self.out.write(_riff(b"ANMF", header + body))

    def finish(self) -> None:
        end = self.out.tell()
        self.out.seek(self.start + 4)
        self.out.write(struct.pack("<I", end - self.start - 8))
        self.out.seek(end)


def _u24(n: int) -> bytes:
    return struct.pack("<I", n)[:3]


def _riff(kind: bytes, data: bytes) -> bytes:
    return kind + struct.pack("<I", len(data)) + data + (b"\0" if len(data) & 1 else b"")


def _riff_chunks(data: bytes) -> Iterator[tuple[bytes, bytes]]:
    at = 12
    while at + 8 <= len(data):
        kind = data[at:at + 4]
        (length,) = struct.unpack("<I", data[at + 4:at + 8])
        yield kind, data[at + 8:at + 8 + length]
        at += 8 + length + (length & 1)


class _Mp4Encoder:
    """MP4 (H.264) by ffmpeg, fed raw RGB frames on a pipe (each frame repeated for its delay); ffmpeg
    writes a file of its own (MP4 is written with seeks), copied into ``out`` at the end."""

    def __init__(self, out: IO[bytes], size: tuple[int, int], fps: float) -> None:
        program = shutil.which("ffmpeg")
        if program is None:
            raise ExportError(Message("animation-no-ffmpeg"))
        self.out = out
        self.size = size
        self.fps = Fraction(fps).limit_denominator(1001)
        self.time = Fraction(0)
        self.shown = 0  # video frames written
        self.folder = tempfile.TemporaryDirectory(prefix="knight-tour-")
        self.video = os.path.join(self.folder.name, "video.mp4")
        self.errors = tempfile.TemporaryFile()  # not a pipe: ffmpeg never waits on us to read it
        self.process = subprocess.Popen(
            [program, "-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgb24",
             "-s", f"{size[0]}x{size[1]}", "-r", f"{self.fps.numerator}/{self.fps.denominator}", "-i", "-",
             "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
             "-movflags", "+faststart", "-f", "mp4", self.video],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=self.errors)

    def add(self, image: QImage, delay: Fraction) -> None:
        self.time += delay
        count = max(1, round(self.time * self.fps) - self.shown)
        self.shown += count
        rgb = image.convertToFormat(QImage.Format.Format_RGB888)
        row = rgb.width() * 3
        bits = bytes(rgb.constBits())
        stride = rgb.bytesPerLine()
        if stride != row:
            bits = b"".join(bits[y * stride:y * stride + row] for y in range(rgb.height()))
        assert self.process.stdin is not None
        try:
            for _ in range(count):
                self.process.stdin.write(bits)
        except BrokenPipeError:
            self.finish()  # says why ffmpeg stopped
            raise ExportError(Message("animation-ffmpeg-stopped")) from None

    def finish(self) -> None:
        assert self.process.stdin is not None
        try:
            self.process.stdin.close()
        except BrokenPipeError:
            pass
        code = self.process.wait()
        self.errors.seek(0)
        error = self.errors.read().decode(errors="replace")
        self.errors.close()
        try:
            if code != 0:
                line = " ".join(error.split())[:300]
                raise ExportError(Message("animation-ffmpeg-failed", (line,)) if line
                                  else Message("animation-ffmpeg-exit", (code,)))
            with open(self.video, "rb") as video:
                shutil.copyfileobj(video, self.out)
        finally:
            self.folder.cleanup()

    def abort(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        if self.process.stdin is not None:
            try:
                self.process.stdin.close()
            except BrokenPipeError:
                pass
        self.errors.close()
        self.folder.cleanup()


# -- writing the file ------------------------------------------------------------------------


def export_animation(config: SearchSettings, start: int, path: str | os.PathLike[str],
                     options: AnimationOptions = AnimationOptions(),
                     progress: Callable[[int, int], bool] = lambda done, total: True,
                     fmt: str | None = None, recorded: Iterable[Event] | None = None,
                     head: str | None = None) -> AnimationResult:
    """Write the search from ``start`` as an animation; the format follows the file name
    (``fmt`` overrides: gif, webp, apng, mp4).

    ``recorded``: events to animate instead of the search's, read twice (``History.frozen``: a
    student's run, a path handed over, a file's own moves); ``head``: the caption's fixed part
    instead of the configuration's (``caption_head``).

    ``progress(done, total)``: while the search is counted, ``(events, 0)``; then
    ``(frames written, frames)``.  Returning False stops: ExportCancelled, no file.
    ExportError (an OSError) says in one line what went wrong; no file is left then either.
    Needs a QGuiApplication (any thread).
    """
    target = Path(path)
    fmt = fmt or format_of(target)
    if fmt not in ("gif", "webp", "apng", "mp4"):
        raise ExportError(Message("file-cannot-write", (str(target), Message("animation-format", (
            target.suffix or "(none)",)))))
    problems = options.problems()
    if problems:
        raise ExportError(problems[0])
    if fmt != "mp4":
        _pil()
    elif shutil.which("ffmpeg") is None:
        _Mp4Encoder(io.BytesIO(), (2, 2), 1.0)  # says what is missing
    board = config.board
    plan = plan_animation(config, start, options, progress, recorded)
    if not progress(0, plan.frames):
        raise ExportCancelled
    if head is None:
        head = caption_head(config, start)
    renderer = FrameRenderer(board, start, options, head if options.caption else "")
    if options.caption:  # the counters only grow: the last frame's caption is the widest
        renderer.fit_caption(caption_text(renderer.head, plan.pushes, plan.pops, plan.step))
    size = (renderer.width, renderer.height)
    period = Fraction(options.fps).limit_denominator(1000) ** -1
    hold = Fraction(options.hold).limit_denominator(100)
    written = 0

    def write(out: BinaryIO) -> None:
        nonlocal written
        encoder: _Encoder
        if fmt == "gif":
            encoder = _GifEncoder(out, size, _palette_samples(renderer, plan, config.closed), options.loop)
        elif fmt == "apng":
            encoder = _ApngEncoder(out, size, _palette_samples(renderer, plan, config.closed), plan.frames,
                                   options.loop)
        elif fmt == "webp":
            encoder = _WebpEncoder(out, size, _palette_samples(renderer, plan, config.closed), options.loop,
                                   options.theme.background)
        else:
            encoder = _Mp4Encoder(out, size, options.fps)
        try:
            for shot in _shots(config, start, options, plan, recorded):
                image = renderer.render(shot.path, shot.pushes, shot.pops, shot.flashes, shot.finished,
                                        plan.step, config.closed)
                encoder.add(image, hold if shot.final else period)
                written += 1
                if not progress(written, plan.frames):
                    raise ExportCancelled
            encoder.finish()
        except BaseException:
            if isinstance(encoder, _Mp4Encoder):
                encoder.abort()
            raise

    try:  # a temporary file beside the target, renamed onto it when complete (tour.fileio)
        write_atomically(target, write)
    except FileProblem as problem:
        raise ExportError(problem.message) from None
    assert written == plan.frames, (written, plan.frames)
    size_bytes = os.stat(target).st_size
    return AnimationResult(str(target), fmt, plan.frames, plan.step, plan.start_event, plan.end_event,
                           plan.outcome, renderer.width, renderer.height, size_bytes)


def _palette_samples(renderer: FrameRenderer, plan: AnimationPlan, closed: bool) -> list[PILImage]:
    """Frames whose colours the GIF palette is made from: the last and the first, the start alone,
    and red flashes of every strength on every square (a pop's glow fades through them)."""
    from PIL import Image

    board = renderer.board
    scale = min(1.0, PALETTE_SAMPLE_PX / max(renderer.width, renderer.height))
    size = (max(1, round(renderer.width * scale)), max(1, round(renderer.height * scale)))

    def sample(image: QImage) -> PILImage:  # every n-th pixel: the same colours, in proportion
        return _to_pil(image).resize(size, Image.Resampling.NEAREST)

    samples = [sample(renderer.render(plan.path, plan.pushes, plan.pops, (), plan.outcome is not None,
                                      plan.step, closed))]
    half = plan.path[: max(1, len(plan.path) // 2)]
    samples.append(sample(renderer.render(half, len(half), 0, (), False, plan.step, closed)))
    for strength in (1.0, 0.6, 0.25):
        flashes = [(sq, strength) for sq in range(board.size)]
        samples.append(sample(renderer.render([renderer.start], 1, 0, flashes, False, plan.step, closed)))
    return samples


def ensure_gui_application() -> None:
    """Make a (headless, if there is no screen) QGuiApplication when there is none: text needs one."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.instance() is None:
        if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        ensure_gui_application.app = QGuiApplication([])  # type: ignore[attr-defined]


__all__ = ["FORMATS", "AnimationOptions", "AnimationPlan", "AnimationResult", "ExportCancelled",
           "ExportError", "FrameRenderer", "NothingToAnimate", "SearchSettings", "caption_text",
           "ensure_gui_application", "export_animation", "format_of", "ordinal", "pillow_available",
           "plan_animation", "sample_step", "sampled_count"]
