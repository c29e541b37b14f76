"""Finding variants for the command line: a rule file, a folder, or a name in spec/variants."""

from __future__ import annotations

from pathlib import Path

from .errors import UsageError, did_you_mean
from .model import Variant
from .resolve import Library
from .rule_file import display_name


def spec_dirs() -> list[Path]:
    """Return the folder searched for variants named on the command line (none or one).

    The current folder's spec/variants when it has one, else the package's own: both would
    define the same seed variants when the current folder is another checkout.
    """
    here = Path.cwd() / "spec" / "variants"
    package = Path(__file__).resolve().parents[1] / "spec" / "variants"
    return [d for d in (here, package) if d.is_dir()][:1]


def library_with_spec() -> Library:
    """Return a library holding every variant of spec/variants (for names and `extends`)."""
    library = Library()
    for folder in spec_dirs():
        for file in sorted(folder.glob("*.kozel")):
            if display_name(file) not in library.lines:
                library.add_file(file)
    return library


def load_variant_arg(arg: str) -> Variant:
    """Resolve a VARIANT argument: a .kozel file (its first variant) or a variant's name."""
    path = Path(arg)
    if path.suffix == ".kozel" or path.exists():
        if not path.is_file():
            raise UsageError(f"no such rule file: {arg!r}")
        library = Library()
        decls = library.add_file(path)
        _add_spec_parents(library)
        return library.resolve(decls[0].name)
    library = library_with_spec()
    if arg not in library.decls:
        raise UsageError(f"unknown variant {arg!r}{did_you_mean(arg, library.decls)}; "
                         f"known: {', '.join(sorted(library.decls))}")
    return library.resolve(arg)


def _add_spec_parents(library: Library) -> None:
    """Make the spec variants available as parents for `extends` in a standalone file."""
    for folder in spec_dirs():
        for file in sorted(folder.glob("*.kozel")):
            if display_name(file) not in library.lines and not any(
                    d.pos.file == display_name(file) for d in library.decls.values()):
                try:
                    library.add_file(file)
                except Exception:  # a broken spec file must not hide the user's own file
                    continue
