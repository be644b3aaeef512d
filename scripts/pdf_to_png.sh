#!/usr/bin/env bash
# Turn the pages of a PDF (e.g. a rendered playbook) into PNG images, to look at them.
#
#   scripts/pdf_to_png.sh PDF [OUTDIR]        # OUTDIR defaults to <PDF without .pdf>-pages/
#   DPI=150 scripts/pdf_to_png.sh output/lingo-nl-5/playbook.pdf /tmp/pages
#
# Writes OUTDIR/page-01.png, page-02.png, ... at 60 dpi unless DPI says otherwise.
# Needs pdftoppm from poppler (Debian/Ubuntu: apt-get install poppler-utils; macOS: brew
# install poppler).
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ] || [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    echo "usage: $0 PDF [OUTDIR]   (DPI=60 by default)" >&2
    exit 2
fi
pdf=$1
out=${2:-"${pdf%.pdf}-pages"}
dpi=${DPI:-60}

if ! command -v pdftoppm >/dev/null 2>&1; then
    echo "$0: pdftoppm not found; install poppler (apt-get install poppler-utils," \
         "or brew install poppler)" >&2
    exit 127
fi
if [ ! -f "$pdf" ]; then
    echo "$0: no such file: $pdf" >&2
    exit 2
fi

mkdir -p "$out"
rm -f "$out"/page-*.png
pdftoppm -png -r "$dpi" "$pdf" "$out/page"
n=$(find "$out" -maxdepth 1 -name 'page-*.png' | wc -l)
echo "$n pages of $pdf -> $out/page-*.png ($dpi dpi)"
