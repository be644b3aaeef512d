"""The answer model's fit (``words.answer_model: picks``): the chance that a word of a bundled
list is the word a show picks, from a few facts about the word, fitted by logistic regression
(scikit-learn) on words that editors really picked. Imported by ``derive_wordlists.py`` only,
which reads the real lists at derivation time and writes each word's chance into the package
(``chances-en.txt``, ``chances-nl.txt``) with the fitted coefficients in ``manifest.json``.

Calibration, and nothing else: the New York Times' Wordle answers numbered 0-999
(``showwords/wordle_nyt_calibration.txt``) for English, woordle.nl's five-letter answers
(``showwords/nl/pingiun-woordle-answers5.txt``) for Dutch. The other real lists are checks
(``benchmarks/real_answers.py``) and are never read here. Only five-letter picks exist, so the
fit is on five-letter words; the same coefficients give the chance of a word of another length
(an extrapolation, said so in the docs).

Features (each a column of the fit, in this order):

- English: ``zipf`` (wordfreq's Zipf frequency, 0 where none is measured), ``unmeasured``
  (1 where none is), ``scowl35`` (in SCOWL's size 35, British or American), ``scowl50`` (in
  size 50), ``inflected`` (a plural, a third person or a past of a shorter word of SCOWL:
  :func:`inflected`).
- Dutch: ``zipf``, ``unmeasured``, ``approved`` (an approved base word of OpenTaal's
  elements), ``unapproved`` (an unapproved base word), ``inflection`` (an inflected form),
  ``english`` (how much more the word is used in English than in Dutch, in Zipf units, 0 at
  most: built, board).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any

FEATURES = {
    "en": ("zipf", "unmeasured", "scowl35", "scowl50", "inflected"),
    "nl": ("zipf", "unmeasured", "approved", "unapproved", "inflection", "english"),
}
CALIBRATION = {
    "en": "showwords/wordle_nyt_calibration.txt",
    "nl": "showwords/nl/pingiun-woordle-answers5.txt",
}
FIT_LENGTH = 5
DIGITS = 6
"""Coefficients are rounded to this many decimals before the chances are computed from them
(so that the manifest's figures give exactly the chances written)."""
CHANCE_DIGITS = 5


def inflected(word: str, stems: Collection[str]) -> bool:
    """An English plural, third person or past of a shorter word of ``stems``: cats (cat),
    boxes (box), tried (try), baked (bake), stopped (stop); not glass, bonus or seed."""
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and word[:-1] in stems:
        return True
    if word.endswith("es") and word[:-2] in stems:
        return True
    if word.endswith("ies") and word[:-3] + "y" in stems:
        return True
    if word.endswith("ed"):
        base = word[:-2]
        doubled = len(base) > 2 and base[-1] == base[-2] and base[:-1] in stems
        return base in stems or word[:-1] in stems or doubled or base[:-1] + "y" in stems
    return False


@dataclasses.dataclass(frozen=True)
class Fitted:
    """One language's model: its coefficients and what it was fitted on."""

    language: str
    features: tuple[str, ...]
    coefficients: tuple[float, ...]
    intercept: float
    fitted_words: int
    """Words of five letters the fit saw."""
    picks: int
    """Of those, the calibration list's."""

    def chance(self, row: Sequence[float]) -> float:
        z = self.intercept + sum(c * x for c, x in zip(self.coefficients, row, strict=True))
        return round(1.0 / (1.0 + math.exp(-z)), CHANCE_DIGITS)

    def record(self, calibration: str, sha256: str, sklearn: str) -> dict[str, object]:
        return {
            "features": list(self.features),
            "coefficients": dict(zip(self.features, self.coefficients, strict=True)),
            "intercept": self.intercept,
            "fitted_on": {
                "list": f"shared/data/{calibration}",
                "sha256": sha256,
                "picks": self.picks,
                "words": self.fitted_words,
                "length": FIT_LENGTH,
            },
            "method": f"scikit-learn {sklearn} LogisticRegression(C=1.0, lbfgs)",
        }


def fit(
    language: str,
    rows: Mapping[str, Sequence[float]],
    picked: Collection[str],
    linear_model: Any,
) -> Fitted:
    """Logistic regression (``linear_model``: scikit-learn's module) of ``picked`` against the
    other words of ``rows`` (the five-letter words of the language's lists, each with its
    features)."""
    import numpy as np

    words = sorted(rows)
    x = np.array([rows[w] for w in words], dtype=float)
    y = np.array([w in picked for w in words])
    model = linear_model.LogisticRegression(C=1.0, max_iter=5000)
    model.fit(x, y)
    coefficients = tuple(round(float(c), DIGITS) for c in model.coef_[0])
    return Fitted(
        language,
        FEATURES[language],
        coefficients,
        round(float(model.intercept_[0]), DIGITS),
        len(words),
        int(y.sum()),
    )
