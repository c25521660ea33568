"""The animation export: decode what was written and look at it.

Each file is read back with Pillow: the frame count, the frame delays, and
pixels of the first and last frames at chosen points (the knight on the
start square, then the start square's number and the path).  A cancelled or
failed export leaves no file, and an existing file stays as it was.
"""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops

from knight_gui.tour import Board, Outcome, Pop, Search
from knight_gui.tour.history import History, Recording
from knight_gui.tour.state import TourState
from knight_gui.ui import animation
from knight_gui.ui.animation import (
    AnimationOptions,
    ExportCancelled,
    ExportError,
    FrameRenderer,
    caption_text,
    export_animation,
    ordinal,
    sample_step,
    sampled_count,
)
from knight_gui.ui.export import save_view, tour_view
from knight_gui.ui.player import SearchConfig
from tests.ui.test_player import first

EIGHT = SearchConfig(Board(8))  # Warnsdorff: a tour of 64 pushes and no pop
FIVE = SearchConfig(Board(5), "backtracking")
A8, C3 = 0, 12
PX = 240


def frames(path: Path) -> list[tuple[Image.Image, float]]:
    """Every frame of an animation as RGB, with its delay in milliseconds."""
    found = []
    with Image.open(path) as image:
        for index in range(image.n_frames):
            image.seek(index)
            found.append((image.convert("RGB"), float(image.info["duration"])))
    return found


def near(pixel: tuple[int, ...], colour: tuple[int, int, int], tolerance: int = 40) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=False))


def dark(pixel: tuple[int, ...]) -> bool:
    return sum(pixel[:3]) / 3 < 90


def ink_in(image: Image.Image, renderer: FrameRenderer, square: int, fraction: float = 0.2) -> int:
    """Dark pixels in the middle of a square (a number's or the knight's ink)."""
    r = renderer.layout.square_rect(square)
    c = r.center()
    half = r.width() * fraction
    box = image.crop((round(c.x() - half), round(c.y() - half), round(c.x() + half), round(c.y() + half)))
    return box.convert("L").point([255 if v < 90 else 0 for v in range(256)]).histogram()[255]


def tour_path() -> list[int]:
    search = Search(Board(8), A8)
    for _event in search:
        if search.outcome is not None:
            break
    return search.path()


@pytest.fixture
def renderer(qapp) -> FrameRenderer:
    return FrameRenderer(Board(8), A8, AnimationOptions(px=PX))


@pytest.mark.parametrize("suffix", [".gif", ".webp", ".apng"])
def test_a_tour_is_one_frame_per_push_and_the_last_held(qapp, tmp_path, renderer, suffix):
    target = tmp_path / f"tour{suffix}"
    result = export_animation(EIGHT, A8, target, AnimationOptions(px=PX, fps=10, hold=3))
    assert result.frames == 64 and result.step == 1 and result.outcome.kind == "tour"
    assert (result.start_event, result.end_event) == (1, 65)  # the outcome is event 65
    assert sorted(os.listdir(tmp_path)) == [target.name]
    decoded = frames(target)
    assert len(decoded) == 64
    assert [delay for _, delay in decoded] == [100.0] * 63 + [3000.0]
    first, last = decoded[0][0], decoded[-1][0]
    assert first.size == last.size == (renderer.width, renderer.height) == (PX, PX)
    theme = renderer.options.theme
    start = renderer.layout.square_rect(A8)
    border = max(1.5, renderer.layout.square * 0.08)
    green = first.getpixel((round(start.left() + border / 2), round(start.center().y())))
    assert near(green, theme.start.getRgb()[:3]), green  # the start square is marked
    assert ink_in(first, renderer, A8, 0.3) > 20  # the knight stands on it
    path = tour_path()
    assert ink_in(first, renderer, path[1], 0.3) == 0  # and has not moved on
    # The finished board: every square numbered, the knight gone, the path drawn.
    assert ink_in(last, renderer, A8) > 5  # "1"
    assert ink_in(last, renderer, path[-1]) > 5  # "64", no knight over it
    assert ink_in(last, renderer, path[-1], 0.3) < ink_in(first, renderer, A8, 0.3)
    tint = sum(theme.visited_dark.getRgb()[:3])  # the darker of the squares under the path
    for a, b in zip(path[:8], path[1:9], strict=True):
        ca, cb = renderer.layout.centre(a), renderer.layout.centre(b)
        x, y = round((ca.x() + cb.x()) / 2), round((ca.y() + cb.y()) / 2)
        mid = min((last.getpixel((x + dx, y + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)), key=sum)
        assert mid[2] > mid[0] + 40 and sum(mid) < tint - 30, (a, b, mid)  # the path's blue line
        before = first.getpixel((x, y))
        assert before[2] < before[0], before  # the bare (brown or cream) board at the start


def test_from_event_0_the_first_frame_is_the_bare_board(qapp, tmp_path, renderer):
    target = tmp_path / "from0.apng"
    result = export_animation(EIGHT, A8, target, AnimationOptions(px=PX, start_event=0))
    decoded = frames(target)
    assert result.frames == len(decoded) == 65  # the bare board, then one frame per push
    assert ink_in(decoded[0][0], renderer, A8, 0.3) == 0  # no knight yet
    assert ink_in(decoded[1][0], renderer, A8, 0.3) > 20  # the start square pushed
    path = tour_path()
    assert ink_in(decoded[2][0], renderer, path[1], 0.3) > 20  # and the knight moved on


def test_loop_and_no_loop(qapp, tmp_path):
    looped, once = tmp_path / "looped.gif", tmp_path / "once.gif"
    options = AnimationOptions(px=64, start_event=60, caption=False)
    export_animation(EIGHT, A8, looped, options)
    export_animation(EIGHT, A8, once, AnimationOptions(px=64, start_event=60, loop=False))
    with Image.open(looped) as image:
        assert image.info.get("loop") == 0  # forever
    with Image.open(once) as image:
        assert "loop" not in image.info  # no NETSCAPE block: played once
    for fmt, key in ((".webp", "loop"), (".apng", "loop")):
        for loop, plays in ((True, 0), (False, 1)):
            target = tmp_path / f"{loop}{fmt}"
            export_animation(EIGHT, A8, target, AnimationOptions(px=64, start_event=60, loop=loop))
            with Image.open(target) as image:
                assert image.info[key] == plays


def test_a_pop_flashes_red_and_fades(qapp, tmp_path):
    """A range around the first pop of plain backtracking: the popped square glows, then less."""
    search = Search(Board(5), C3, "backtracking")
    for index, event in enumerate(search, 1):
        if isinstance(event, Pop):
            pop, square = index, event.square
            break
    target = tmp_path / "pop.gif"
    options = AnimationOptions(px=200, fps=10, start_event=pop - 1, end_event=pop + 3, hold=1)
    result = export_animation(FIVE, C3, target, options)
    decoded = frames(target)
    assert result.frames == len(decoded) == 5
    renderer = FrameRenderer(Board(5), C3, options)
    centre = renderer.layout.square_rect(square).adjusted(4, 4, -4, -4).topLeft()
    point = (round(centre.x()), round(centre.y()))
    before, flash, fading = (decoded[i][0].getpixel(point) for i in range(3))
    red = renderer.options.theme.backtrack
    assert not (before[0] > before[1] + 60)  # on the path, tinted blue
    assert flash[0] > flash[1] + 80 and flash[0] > flash[2] + 80  # red
    assert near(flash, (red.red(), red.green(), red.blue()), 70)
    assert fading[0] - fading[1] < flash[0] - flash[1]  # fainter


def test_a_long_search_is_sampled_every_kth_event(qapp, tmp_path):
    target = tmp_path / "five.gif"
    result = export_animation(FIVE, C3, target, AnimationOptions(px=100, max_frames=40, caption=True))
    assert result.step == sample_step(result.end_event, 40) > 1  # no outcome before the end: events = moves
    assert result.frames == sampled_count(result.end_event, result.step) <= 40
    assert len(frames(target)) == result.frames
    assert caption_text("5×5", 3, 1, result.step).endswith(f" · a frame every {result.step} events")
    assert "every" not in caption_text("5×5", 3, 1, 1)


def test_the_caption_is_drawn_under_the_board(qapp, tmp_path):
    options = AnimationOptions(px=200, caption=True, start_event=60)
    plain = FrameRenderer(Board(8), A8, AnimationOptions(px=200))
    captioned = FrameRenderer(Board(8), A8, options, "8×8 · start a8")
    assert captioned.width == plain.width and captioned.height > plain.height
    image = captioned.render([A8], 1, 0)
    band = [image.pixelColor(x, y).lightness() for x in range(0, captioned.width)
            for y in range(plain.height, captioned.height)]
    assert min(band) < 128  # text


@pytest.mark.parametrize("px", [160, 640, 1600])
def test_an_animation_and_an_exported_image_of_a_board_have_the_same_caption_band(qapp, px):
    """A teacher puts a still and an animation of the same tour on slides: same board, same band."""
    from knight_gui.ui.export import render_image, tour_view

    head = "8×8 · start a8 · Warnsdorff"
    frames = FrameRenderer(Board(8), A8, AnimationOptions(px=px, caption=True), head)
    still = render_image(tour_view(Board(8), [A8]), px, caption=caption_text(head, 1, 0, 1))
    assert (frames.width, frames.height) == (still.width(), still.height())


def test_a_long_caption_shrinks_to_fit_the_width(qapp):
    options = AnimationOptions(px=160, caption=True)
    renderer = FrameRenderer(Board(30), 0, options, "30×30 · start (0,0) · Warnsdorff (ties: Look-ahead)")
    renderer.fit_caption(caption_text(renderer.head, 900, 123_456, 17))
    image = renderer.render([0], 900, 123_456, step=17)
    top = renderer.height - renderer.band
    right = [image.pixelColor(x, y).lightness() for x in range(renderer.width - 3, renderer.width)
             for y in range(top, renderer.height)]
    assert min(right) > 200  # nothing runs off the right edge
    left = [image.pixelColor(x, y).lightness() for x in range(0, renderer.width // 2)
            for y in range(top, renderer.height)]
    assert min(left) < 160  # but the text is there


def test_ordinals_and_sampling():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 34, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "34th", "101st", "111th"]
    for moves in range(1, 500):
        for most in (2, 3, 7, 50, 600):
            step = sample_step(moves, most)
            count = sampled_count(moves, step)
            assert count <= most and (step == 1) == (moves <= most)
            shown = sorted({*range(0, moves - 1, step), moves - 1})
            assert len(shown) == count


def test_a_cancelled_export_leaves_no_file(qapp, tmp_path):
    target = tmp_path / "cancelled.gif"
    calls = []

    def progress(done: int, total: int) -> bool:
        calls.append((done, total))
        return done < 3

    with pytest.raises(ExportCancelled):
        export_animation(EIGHT, A8, target, AnimationOptions(px=64), progress)
    assert calls[0] == (0, 64) and calls[-1] == (3, 64)
    assert os.listdir(tmp_path) == []


def test_a_cancel_while_the_search_is_counted_leaves_no_file(qapp, tmp_path):
    target = tmp_path / "cancelled.webp"
    seen = []

    def progress(done: int, total: int) -> bool:
        seen.append(total)
        return False

    with pytest.raises(ExportCancelled):
        export_animation(SearchConfig(Board(8), "backtracking"), A8, target,
                         AnimationOptions(px=64, budget=200_000), progress)
    assert seen == [0] and os.listdir(tmp_path) == []


GOOD = b"GIF89a an existing good file"


def _temporary_files_fail(monkeypatch, error: int) -> None:
    """Opening the export's temporary file (``*.tmp``) gives /dev/full, or fails with ``error``."""
    real_open = os.open

    def opener(path, flags, mode=0o777, **kw):
        if str(path).endswith(".tmp"):
            if error == errno.ENOSPC:
                return real_open("/dev/full", os.O_WRONLY)  # every write: ENOSPC
            raise OSError(error, os.strerror(error))
        return real_open(path, flags, mode, **kw)

    monkeypatch.setattr(os, "open", opener)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("suffix", [".gif", ".webp", ".apng"])
def test_a_full_disk_keeps_the_old_file_and_leaves_nothing_else(qapp, tmp_path, monkeypatch, suffix):
    target = tmp_path / f"tour{suffix}"
    target.write_bytes(GOOD)
    _temporary_files_fail(monkeypatch, errno.ENOSPC)
    with pytest.raises(ExportError, match=f"cannot write {target}: the disk is full"):
        export_animation(EIGHT, A8, target, AnimationOptions(px=64, start_event=50))
    monkeypatch.undo()
    assert target.read_bytes() == GOOD
    assert os.listdir(tmp_path) == [target.name]


def test_a_write_that_fails_half_way_leaves_no_file(qapp, tmp_path, monkeypatch):
    target = tmp_path / "tour.gif"
    real_add = animation._GifEncoder.add
    count = [0]

    def add(self, image, delay):
        count[0] += 1
        if count[0] == 5:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real_add(self, image, delay)

    monkeypatch.setattr(animation._GifEncoder, "add", add)
    with pytest.raises(ExportError, match=f"cannot write {target}: the disk is full"):
        export_animation(EIGHT, A8, target, AnimationOptions(px=64))
    assert os.listdir(tmp_path) == []


def test_a_read_only_folder_is_one_clear_error(qapp, tmp_path, monkeypatch):
    _temporary_files_fail(monkeypatch, errno.EACCES)  # (chmod does not stop root)
    with pytest.raises(ExportError, match="permission denied"):
        export_animation(EIGHT, A8, tmp_path / "tour.gif", AnimationOptions(px=64))
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_the_file_follows_the_umask(qapp, tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        export_animation(EIGHT, A8, tmp_path / "tour.gif", AnimationOptions(px=32, start_event=60))
    finally:
        os.umask(old)
    assert (tmp_path / "tour.gif").stat().st_mode & 0o777 == mode


def test_bad_options_and_names_write_nothing(qapp, tmp_path):
    cases = [
        (AnimationOptions(fps=0), "tour.gif", "--fps must be more than 0"),
        (AnimationOptions(fps=51), "tour.gif", "at most 50"),
        (AnimationOptions(max_frames=1), "tour.gif", "--max-frames must be at least 2"),
        (AnimationOptions(px=4096), "tour.gif", "--px must be between 16 and 2048"),
        (AnimationOptions(start_event=9, end_event=3), "tour.gif", "must not come before"),
        (AnimationOptions(start_event=500), "tour.gif", "has only 65 events"),
        (AnimationOptions(), "tour.bmp", "unknown animation format .bmp"),
    ]
    for options, name, message in cases:
        with pytest.raises(ExportError, match=message):
            export_animation(EIGHT, A8, tmp_path / name, options)
    assert os.listdir(tmp_path) == []


def test_without_pillow_the_error_says_how_to_install_it(qapp, tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "PIL", None)
    assert not animation.pillow_available()
    with pytest.raises(ExportError, match=r"needs Pillow.*pip install 'knight-tour\[animation\]'"):
        export_animation(EIGHT, A8, tmp_path / "tour.gif", AnimationOptions(px=64))
    assert os.listdir(tmp_path) == []


def test_mp4_without_ffmpeg_says_so(qapp, tmp_path, monkeypatch):
    monkeypatch.setattr(animation.shutil, "which", lambda name: None)
    with pytest.raises(ExportError, match="MP4 needs the ffmpeg program"):
        export_animation(EIGHT, A8, tmp_path / "tour.mp4", AnimationOptions(px=64))
    assert os.listdir(tmp_path) == []


def test_mp4_pipes_raw_frames_to_ffmpeg(qapp, tmp_path, monkeypatch):
    """A stand-in ffmpeg counts the bytes it is fed and writes the count as the 'video'."""
    import sys

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "ffmpeg"
    fake.write_text(f"#!{sys.executable}\n"
                    "import sys\n"
                    "data = sys.stdin.buffer.read()\n"
                    "open(sys.argv[-1], 'w').write(str(len(data)) + ' ' + ' '.join(sys.argv[1:]))\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
    out = tmp_path / "out"
    out.mkdir()
    target = out / "tour.mp4"
    result = export_animation(EIGHT, A8, target, AnimationOptions(px=64, fps=10, hold=2, start_event=60))
    count, *argv = target.read_text().split()
    # frames 60..64 (5), the last held 2 s: 4 + 20 video frames of 64×64 RGB
    assert result.frames == 5 and int(count) == (4 + 20) * 64 * 64 * 3
    assert argv[argv.index("-s") + 1] == "64x64" and "libx264" in argv
    assert os.listdir(out) == ["tour.mp4"]


def test_an_export_runs_in_a_worker_thread(qapp, tmp_path):
    """QImage and QPainter only: the window can export without blocking its event loop."""
    target = tmp_path / "worker.webp"
    errors: list[BaseException] = []

    def work() -> None:
        try:
            export_animation(EIGHT, A8, target, AnimationOptions(px=96))
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)

    thread = threading.Thread(target=work)
    thread.start()
    thread.join(120)
    assert not thread.is_alive() and errors == []
    assert len(frames(target)) == 64


# Plain backtracking's events from c3 on 5×5 to its first tour (19,794; the whole search, 1.28 million
# events, took 9 s to make at every collection and 3 s to record for every example that recorded it).
_EVENTS = first(Board(5), C3, "backtracking")


def _recording(events) -> Recording:
    history = History(Board(5))
    for event in events:
        history.record(event)
    return history.frozen(0, len(history))


@settings(max_examples=60, deadline=None)
@given(first=st.integers(0, 400), length=st.integers(0, 400), most=st.integers(2, 40), recorded=st.booleans())
def test_the_frames_are_the_states_at_the_sampled_events(first, length, most, recorded):
    """Independently of ``_shots``: the frame positions are the first event asked for, then every
    push and pop up to the last (the last frame at the end event itself), sampled evenly.  The same
    for the events of a recording, whatever search the configuration names (a student's run)."""
    end = max(1, first + length)
    options = AnimationOptions(start_event=first, end_event=end, max_frames=most)
    config, recording = (SearchConfig(Board(5)), _recording(_EVENTS)) if recorded else (FIVE, None)
    plan = animation.plan_animation(config, C3, options, recorded=recording)
    positions = [first] + [n for n in range(first + 1, end + 1) if not hasattr(_EVENTS[n - 1], "kind")]
    positions[-1] = end
    step = sample_step(len(positions), most)
    chosen = sorted({*range(0, len(positions) - 1, step), len(positions) - 1})
    shots = list(animation._shots(config, C3, options, plan, recording))
    assert plan.frames == len(shots) == len(chosen) <= most
    state = TourState(Board(5))
    applied = 0
    for shot, index in zip(shots, chosen, strict=True):
        while applied < positions[index]:
            state.apply(_EVENTS[applied])
            applied += 1
        assert (shot.path, shot.pushes, shot.pops) == (state.path, state.pushes, state.pops)
        assert all(0 < strength <= 1 for _, strength in shot.flashes)
    assert shots[-1].final and not any(shot.final for shot in shots[:-1])


def test_a_worker_lays_out_its_own_numbers(qapp, tmp_path):
    """Past 160 numbers the painting lays each out once (QStaticText) and keeps it in a PaintCache;
    drawn under another transform a QStaticText is laid out again in place, so an export on a
    worker thread keeps its own cache and never touches the window's."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QImage, QPainter

    from knight_gui.ui.painting import BoardView, PaintCache, layout_board, paint_board

    board = Board(14)
    window_cache = PaintCache()  # as the board widget keeps one
    image = QImage(700, 700, QImage.Format.Format_ARGB32)
    view = BoardView(board, path=list(range(0, 196, 1))[:190], start=0)
    with QPainter(image) as painter:
        paint_board(painter, layout_board(QRectF(0, 0, 700, 700), board, "chess"), view, cache=window_cache)
    laid_out = dict(window_cache.static_texts)
    assert len(laid_out) >= 160
    target = tmp_path / "big.gif"
    done: list[object] = []
    thread = threading.Thread(target=lambda: done.append(export_animation(
        SearchConfig(board), 0, target, AnimationOptions(px=320, start_event=190))))
    thread.start()
    thread.join(120)
    assert done and len(frames(target)) == done[0].frames == 7
    assert window_cache.static_texts == laid_out  # the window's numbers were not touched


def test_a_recording_of_the_search_makes_the_same_file(qapp, tmp_path):
    options = AnimationOptions(px=120, end_event=300, max_frames=50)
    searched, recorded = tmp_path / "searched.gif", tmp_path / "recorded.gif"
    export_animation(FIVE, C3, searched, options)
    export_animation(FIVE, C3, recorded, options, recorded=_recording(_EVENTS))
    assert searched.read_bytes() == recorded.read_bytes()


def test_a_recorded_run_is_animated_as_recorded_to_its_outcome_or_its_end(qapp, tmp_path):
    """A run no search from the start makes (here backtracking's events, while the configuration
    names Warnsdorff, which makes a tour of 25 pushes): its own events, its own end."""
    warnsdorff = SearchConfig(Board(5))
    whole = _recording(_EVENTS)
    result = export_animation(warnsdorff, C3, tmp_path / "whole.gif", AnimationOptions(px=96), recorded=whole)
    outcome = next(i for i, event in enumerate(_EVENTS) if isinstance(event, Outcome)) + 1
    assert result.end_event == outcome > 1000 and result.outcome == _EVENTS[outcome - 1]
    cut = _recording(_EVENTS[:700])  # (a run still going: no outcome yet)
    result = export_animation(warnsdorff, C3, tmp_path / "cut.gif", AnimationOptions(px=96, max_frames=40),
                              recorded=cut)
    assert (result.end_event, result.outcome) == (700, None)
    state = TourState(Board(5))
    for event in _EVENTS[:700]:
        state.apply(event)
    plan = animation.plan_animation(warnsdorff, C3, AnimationOptions(), recorded=cut)
    assert (plan.path, plan.pushes, plan.pops) == (state.path, state.pushes, state.pops)
    assert len(frames(tmp_path / "cut.gif")) == result.frames <= 40


def test_a_sampled_animations_caption_is_in_the_interfaces_language(qapp):
    """A long search's animation in Chinese said " · every 3rd event" in English (the text was not in
    the catalogue, and an English ordinal has no place in a Chinese sentence): a plain number now."""
    from knight_gui.ui import i18n

    i18n.install_translator(i18n.CHINESE)
    try:
        head = animation.caption_head(SearchConfig(Board(5)), 0)
        text = caption_text(head, 3, 1, 3)
        assert text.endswith(" · 每 3 个事件取一帧"), text
        assert "every" not in text and "rd" not in text, text
    finally:
        i18n.install_translator(i18n.ENGLISH)
    assert caption_text(head, 3, 1, 3).endswith(" · a frame every 3 events")


def test_the_last_frame_is_the_exported_picture(qapp, tmp_path, renderer):
    """Found in review: the held last frame of a tour had no arrowheads and no frame on its last
    square, which Export PNG of the same board has; a slide ended on another picture."""
    target = tmp_path / "tour.apng"
    export_animation(EIGHT, A8, target, AnimationOptions(px=PX, fps=10, hold=3))
    decoded = frames(target)
    last, before = decoded[-1][0].convert("RGB"), decoded[-2][0].convert("RGB")
    still = tmp_path / "tour.png"
    save_view(tour_view(Board(8), tour_path()), still, px=PX)
    exported = Image.open(still).convert("RGB")
    assert exported.size == last.size

    def unlike(image: Image.Image) -> float:  # the share of pixels clearly unlike the exported picture's
        bands = ImageChops.difference(image, exported).split()
        worst = ImageChops.lighter(ImageChops.lighter(bands[0], bands[1]), bands[2])
        return sum(worst.histogram()[61:]) / (image.width * image.height)

    assert unlike(last) < 0.002  # the same picture (the encoder's palette aside)
    assert unlike(before) > 0.01  # (the frame before the outcome: no arrowheads, no frame on 64)
