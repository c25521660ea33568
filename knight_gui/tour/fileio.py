"""Reading and writing files safely: regular files only, all or nothing, never a hang.

One helper for every file the program writes without Qt (saved tours, CSV,
the command line's images go through ``write_atomically``), and one for every
file it reads (``read_regular``).  The window's own writes use ``QSaveFile``
after the same check (``knight_gui.ui.savefile``).

Writing.  The target must be a regular file or not exist yet.  A FIFO, a
device, a socket or a folder is refused with a clear message before anything
is written (renaming over ``/dev/null`` would replace the device node).  A
symbolic link is written *through*: the file it points to is replaced and the
link stays a link.  The contents go to a temporary file beside the target,
which is flushed to disk and then renamed over it, so a failed or interrupted
write leaves an existing file as it was and no temporary file behind.  A new
file gets the permissions the umask allows (0666 less the umask, as ``open``
would give), an existing file keeps its own.  The temporary name is short,
so any valid target name works.

Reading.  The file is opened without blocking (a FIFO with no writer would
otherwise wait for ever), must be a regular file, and is read up to a size
limit.

Every problem is a ``Message`` of ``tour.messages`` (``FileProblem.message``): the command line
prints it in English, the window says it in its own language.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable
from typing import BinaryIO

from .messages import Message, MessageError

#: What to call a file that is not a regular file, by its type bits (a code of ``messages``).
_KINDS: tuple[tuple[Callable[[int], bool], str], ...] = (
    (stat.S_ISDIR, "file-kind-folder"),
    (stat.S_ISFIFO, "file-kind-fifo"),
    (stat.S_ISCHR, "file-kind-char"),
    (stat.S_ISBLK, "file-kind-block"),
    (stat.S_ISSOCK, "file-kind-socket"),
)

#: The reasons of the errors a user meets, by errno (a code of ``messages``); any other error is
#: the system's own words.
_OS_REASONS: dict[int, str] = {
    errno.ENOSPC: "file-disk-full",
    errno.EDQUOT: "file-quota",
    errno.EACCES: "file-permission",
    errno.EPERM: "file-permission",
    errno.EROFS: "file-read-only",
    errno.ENAMETOOLONG: "file-name-too-long",
    errno.ENOENT: "file-no-such",
    errno.ENOTDIR: "file-not-folder",
    errno.EISDIR: "file-is-folder",
    errno.ELOOP: "file-loop",
    errno.EIO: "file-io",
    errno.EFBIG: "file-too-big",
    errno.EBUSY: "file-busy",
}


class FileProblem(MessageError, Exception):
    """A file could not be read or written; ``str()`` is one line for the user, in English.

    ``message`` is that line as a ``Message`` (the window words it in its language);
    ``reason`` says why without the file's name (the whole message where there is no more to
    it); ``too_large`` is set where a file was refused for its size.
    """

    def __init__(self, message: Message, reason: Message | None = None, too_large: bool = False) -> None:
        super().__init__(message)
        self.reason = message if reason is None else reason
        self.too_large = too_large

    @classmethod
    def cannot(cls, action: str, name: str, reason: Message) -> FileProblem:
        """"cannot ``action`` ``name``: ``reason``" (``action``: "read" or "write")."""
        return cls(Message(f"file-cannot-{action}", (name, reason)), reason)


def _no_nul(action: str, name: str) -> None:
    """No file has a NUL character in its name (the system refuses it: Python raised ValueError)."""
    if "\0" in name:
        raise FileProblem.cannot(action, repr(name), Message("file-nul"))


def os_problem(error: OSError) -> Message:
    """An OSError as a message, without the file name or the errno number."""
    code = _OS_REASONS.get(error.errno) if error.errno is not None else None
    if code is not None:
        return Message(code)
    return Message("verbatim", (error.strerror.lower() if error.strerror else str(error),))


def text_problem(text: str) -> Message:
    """A system's error text (as Qt's file classes give it: "Permission denied") as a message: the
    one of its errno where the table above has it, else the text as given."""
    for code, message_code in _OS_REASONS.items():
        if text.strip().lower() == os.strerror(code).lower():
            return Message(message_code)
    return Message("verbatim", (text,))


def os_reason(error: OSError) -> str:
    """An OSError in words (English), without the file name or the errno number."""
    return str(os_problem(error))


def kind_of(mode: int) -> Message:
    """What a file of ``mode`` is, for one that is not a regular file: "it is a folder, …"."""
    for test, code in _KINDS:
        if test(mode):
            return Message("file-kind", (Message(code),))
    return Message("file-not-regular")


def writable_target(filename: str | os.PathLike[str]) -> str:
    """The file a write to ``filename`` replaces: the name itself, or where its symlinks lead.

    Raises FileProblem when it is something other than a regular file, or
    when its folder does not exist.
    """
    name = os.fspath(filename)
    if not name:
        raise FileProblem(Message("file-empty-name-write"))
    _no_nul("write", name)
    target = os.path.realpath(name) if os.path.islink(name) else name
    try:
        info = os.stat(target)
    except FileNotFoundError:
        folder = os.path.dirname(os.path.abspath(target))
        if not os.path.isdir(folder):
            raise FileProblem.cannot("write", name, Message("file-no-folder", (folder,))) from None
        return target
    except OSError as error:
        raise FileProblem.cannot("write", name, os_problem(error)) from None
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem.cannot("write", name, kind_of(info.st_mode))
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_atomically(filename: str | os.PathLike[str], write: Callable[[BinaryIO], object]) -> None:
    """Write ``filename`` all or nothing; ``write(stream)`` produces the bytes.

    See the module's docstring for what is refused and how.  OSError
    becomes FileProblem with a one-line message; any other exception from
    ``write`` (a cancel, say) passes through, after the temporary file is
    removed.
    """
    name = os.fspath(filename)
    target = writable_target(name)
    folder = os.path.dirname(os.path.abspath(target))
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        mode = 0o666 & ~_umask()
    temp = ""
    fd = -1
    for attempt in range(100):  # a name no other writer (or a killed one) holds
        temp = os.path.join(folder, f".kt{os.getpid()}-{attempt}.tmp")
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            break
        except FileExistsError:
            continue
        except OSError as error:
            raise FileProblem.cannot("write", name, os_problem(error)) from None
    else:
        raise FileProblem.cannot("write", name, Message("file-no-temp", (folder,)))
    try:
        with open(fd, "wb") as stream:
            write(stream)
            stream.flush()
            os.fchmod(stream.fileno(), mode)
            os.fsync(stream.fileno())
        os.replace(temp, target)
    except BaseException as error:
        try:
            os.unlink(temp)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise FileProblem.cannot("write", name, os_problem(error)) from None
        raise


def write_bytes(filename: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``filename`` all or nothing (``write_atomically``)."""
    write_atomically(filename, lambda stream: stream.write(data))


def read_regular(filename: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; FileProblem otherwise.

    Never blocks: a FIFO, a device or a socket is refused before a byte is
    read.  The message starts with "cannot read NAME" or "NAME:".
    """
    name = os.fspath(filename)
    if not name:
        raise FileProblem(Message("file-empty-name-read"))
    _no_nul("read", name)
    try:
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        if error.errno == errno.ENXIO:  # a socket, or a FIFO opened for writing only
            raise FileProblem.cannot("read", name, Message("file-not-regular")) from None
        raise FileProblem.cannot("read", name, os_problem(error)) from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise FileProblem.cannot("read", name, kind_of(info.st_mode))
    with open(fd, "rb") as stream:
        if info.st_size > limit:
            raise FileProblem(Message("file-too-large", (name, _size(info.st_size), _size(limit))),
                              too_large=True)
        try:
            data = stream.read(limit + 1)
        except OSError as error:
            raise FileProblem.cannot("read", name, os_problem(error)) from None
    if len(data) > limit:  # it grew while we read it
        raise FileProblem(Message("file-grew", (name, _size(limit))), too_large=True)
    return data


def _size(n: int) -> str:
    if n >= 2**20:
        return f"{n / 2**20:.1f} MB"
    if n >= 2**10:
        return f"{n / 2**10:.1f} KB"
    return f"{n} bytes"


__all__ = ["FileProblem", "kind_of", "os_problem", "os_reason", "read_regular", "text_problem",
           "writable_target", "write_atomically", "write_bytes"]
