"""tests/ mirrors knight_gui/: every module that holds logic has a test module of its own.

``knight_gui/tour/search.py`` is tested by ``tests/tour/test_search.py``,
``knight_gui/ui/analysis/count.py`` by ``tests/ui/analysis/test_count.py``,
``knight_gui/cli.py`` by ``tests/test_cli.py``.  A module "holds logic" when
it has more than ``MIN_CODE_LINES`` lines of code (docstrings, comments and
blank lines not counted); package ``__init__`` files (re-exports),
``__main__`` and ``resources/`` are not modules of logic.  A module tested
under another name is listed in ``TESTED_ELSEWHERE`` with the test modules
that cover it and why: those must exist, so the list cannot go stale.
"""

from __future__ import annotations

import ast
import functools
import io
import tokenize
from pathlib import Path

import knight_gui

PACKAGE = Path(knight_gui.__file__).parent
TESTS = Path(__file__).parent

#: A module with more lines of code than this holds logic and needs its own test module.
MIN_CODE_LINES = 10

#: Modules tested under another name: module -> (the test modules that cover it, why).
TESTED_ELSEWHERE: dict[str, tuple[tuple[str, ...], str]] = {
    # The child process a student's solver runs in: driven (in a real child process) by
    # student.py's Checker, whose tests run it as a student's program is run.
    "tour/student_runner.py": (("tour/test_student.py",), "runs only as student.py's child process"),
    # The window is tested as a user sees it, by subject: test_window (placing, playing, the
    # status bar), test_keyboard (every shortcut), test_close (closing, leftovers), test_fuzz.
    "ui/main_window.py": (("ui/test_window.py", "ui/test_keyboard.py", "ui/test_close.py"),
                          "the window, tested by subject"),
}


def code_lines(path: Path) -> int:
    """Lines holding code: not blank, not only a comment, not part of a docstring."""
    source = path.read_text(encoding="utf-8")
    docstrings: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                docstrings.update(range(body[0].lineno, (body[0].end_lineno or body[0].lineno) + 1))
    lines: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
                          tokenize.DEDENT, tokenize.ENDMARKER):
            continue
        lines.update(range(token.start[0], token.end[0] + 1))
    return len(lines - docstrings)


@functools.cache
def modules_of_logic() -> tuple[str, ...]:
    """Every module of knight_gui that holds logic, as a path relative to the package."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] == "resources" or path.name in ("__init__.py", "__main__.py"):
            continue
        if code_lines(path) > MIN_CODE_LINES:
            found.append(relative.as_posix())
    return tuple(found)


def counterpart(module: str) -> Path:
    """tests/<folder>/test_<module>.py for knight_gui/<folder>/<module>.py."""
    relative = Path(module)
    return TESTS / relative.parent / f"test_{relative.name}"


def test_every_module_that_holds_logic_has_a_test_module():
    missing = [f"knight_gui/{module} -> tests/{counterpart(module).relative_to(TESTS).as_posix()}"
               for module in modules_of_logic()
               if module not in TESTED_ELSEWHERE and not counterpart(module).is_file()]
    assert not missing, "modules with no test module of their own:\n  " + "\n  ".join(missing)


def test_the_exceptions_are_modules_of_logic_tested_where_they_say():
    modules = modules_of_logic()
    for module, (tests, why) in TESTED_ELSEWHERE.items():
        assert module in modules, f"{module} is gone or holds no logic: drop it from TESTED_ELSEWHERE"
        assert not counterpart(module).is_file(), f"{module} has its own test module now: drop the exception"
        assert why
        for test in tests:
            assert (TESTS / test).is_file(), f"{module}: {test} does not exist"


def test_every_test_folder_is_a_package_like_the_folder_it_mirrors():
    """tests/ui/analysis mirrors knight_gui/ui/analysis: each folder of tests is a package (two
    test modules of one name in different folders must not clash)."""
    for folder in [TESTS, *(p for p in TESTS.rglob("*") if p.is_dir() and p.name != "__pycache__")]:
        if any(folder.glob("test_*.py")):
            assert (folder / "__init__.py").is_file(), folder
            assert (PACKAGE / folder.relative_to(TESTS)).is_dir(), f"{folder} mirrors no package folder"


def test_code_lines_counts_code_only(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('"""A docstring\nof two lines."""\n\n# a comment\nimport os\n\n\ndef f(x):\n'
                      '    """Its docstring."""\n    return (x +\n            1)  # a comment after code\n',
                      encoding="utf-8")
    assert code_lines(module) == 4  # import, def, and the two lines of the return
