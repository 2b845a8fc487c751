"""Potts models of real sequence families (issue 62): mrflit's `PottsLasso` against plmc (pseudo-likelihood,
C) and adabmDCA (Boltzmann machine learning, Python), each run for real on the same alignments.

Per family and method: the wall time of the fit, and the generative fidelity, the Pearson r between the
connected two-site correlations C_ij(a, b) of model samples and of the reweighted alignment (adabmDCA's
"Pearson"), every model sampled by mrflit's Gibbs sampler from the same start (`CHAINS` chains from uniform
random states, `SWEEPS` sweeps); beside it the fidelity's ceiling at that sample size, that of `CHAINS` rows
drawn from the family itself by their weights; also the agreement of the top-L contact pairs (|i − j| >= 4)
between methods. mrflit fits at `--lam` (PottsLasso's default) and, as a sparser comparison, at `--extra-lam`
(stored as "mrflit λ=…"), unless a family's entry in `FAMILIES` sets its own (the protein DHFR, k = 21: λ =
0.002). adabmDCA runs on the two RNA families only: there (k = 5) it takes hours on the two cores (its
time is stored); a protein's model has (21/5)² ≈ 18 times the parameters per pair.
Results in benchmarks/data/potts_families.json (and the contact scores in potts_families_scores.npz), read by
nbs/07c_potts.ipynb.

python benchmarks/study_potts_families.py PLMC_BIN [--work DIR] [--families RF00162 RF00379] [--keep-adabmdca]

PLMC_BIN: plmc built from its sources (github.com/debbiemarkslab/plmc, `make all-openmp`); adabmDCA from
PyPI (`pip install adabmDCA`, the `adabmDCA` command on PATH or --adabmdca). An adabmDCA run found in --work
(finished, or still running and checkpointed) is read, not re-run: its time is then the one its own log
records (`Elapsed_s`) at its last saved parameters. adabmDCA takes hours on two cores: start it first (the
command line of `run_adabmdca`), fit the rest while it runs (--adabmdca-families with no family), and read it
last (--adabmdca-only). A run stopped at a checkpoint continues from it with `adabmDCA train ... -o
WORK/FAMILY/adabmDCA/resume -p WORK/FAMILY/adabmDCA/params.dat -c WORK/FAMILY/adabmDCA/chains.fasta` (see
`run_adabmdca`)."""

import argparse
import json
import re
import shutil
import subprocess
import time
from pathlib import Path
import numpy as np
import _report
from mrflit.discrete_gibbs import gibbs_sample
from mrflit.potts import (
    PottsLasso,
    connected_correlations,
    contact_scores,
    potts_model,
    read_alignment,
    sequence_weights,
)

HERE = Path(__file__).resolve().parent
OUT = HERE / "data" / "potts_families.json"
SCORES = HERE / "data" / "potts_families_scores.npz"
FAMILIES = {
    # adabmDCA 1.0 reads '.' as an A2M insertion and drops every sequence holding one (3,869 of RF00162's
    # 4,757): it gets a copy of the alignment with '-' for '.', the same gaps
    "RF00162": dict(file="RF00162.fasta", alphabet="rna", plmc_alphabet=".ACGU", adabmdca_alphabet="rna"),
    "RF00379": dict(file="RF00379.fasta", alphabet="rna", plmc_alphabet="-ACGU", adabmdca_alphabet="rna"),
    # a protein (k = 21): plmc gets the alignment as mrflit reads it (`plain_copy`: A2M's insertions removed,
    # the 13 sequences with an 'X' dropped; plmc's focus mode would also drop the 12 columns where its focus
    # sequence DYR_ECOLI has a gap); mrflit fits at λ = 0.002 (at 0.001 nearly every block enters, and a
    # step on 3.5 million statistics took minutes) and at the study's second λ; adabmDCA is not run on it (see
    # the docstring)
    "DHFR": dict(
        file="DHFR.a2m",
        alphabet="protein",
        plmc_alphabet="-ACDEFGHIKLMNPQRSTVWY",
        plmc_args=["-le", "16.0", "-lh", "0.01", "-m", "100"],
        plain_copy=True,
        lam=0.002,
        adabmdca=False,
    ),
}
# plmc's README settings for its RNA example (L2 λ_e = 20, λ_h = 0.01, 50 iterations); for its protein example
# (DHFR) λ_e = 16, 100 iterations (the spec's `plmc_args`)
PLMC_ARGS = ["-le", "20.0", "-lh", "0.01", "-m", "50"]
# sweeps from the uniform start; each model's fidelity after a third of them is stored beside it
# (`fidelity_early`): when the two agree, the samples no longer remember the start
SWEEPS = 300
CHAINS = 10_000
METHODS = ("mrflit", "plmc", "adabmDCA")


def read_plmc(path):
    "`(h, J)` of plmc's binary parameter file (float32 on disk; layout of its scripts/read_params.m)."
    raw = Path(path).read_bytes()
    L, q, n_valid, n_invalid, _ = (int(v) for v in np.frombuffer(raw, np.int32, 5))
    pos = 20 + 5 * 4 + q + (n_valid + n_invalid) * 4 + L + 4 * L + 4 * L * q
    h = np.frombuffer(raw, np.float32, L * q, pos).reshape(L, q).astype(np.float64)
    n_pair = L * (L - 1) // 2 * q * q
    pos += 4 * L * q + 4 * n_pair
    blocks = np.frombuffer(raw, np.float32, n_pair, pos).reshape(-1, q, q).astype(np.float64)
    if pos + 4 * n_pair != len(raw):
        raise ValueError(f"{path}: {len(raw)} bytes, the layout needs {pos + 4 * n_pair}")
    J = np.zeros((L, L, q, q))
    i, j = np.triu_indices(L, 1)
    J[i, j] = blocks
    J[j, i] = blocks.transpose(0, 2, 1)
    return h, J


def read_adabmdca(path, letters, L):
    "`(h, J)` of adabmDCA's text parameters: lines 'J i j a b value' (one triangle) and 'h i a value'."
    q = len(letters)
    h, J = np.zeros((L, q)), np.zeros((L, L, q, q))
    state = {c: n for n, c in enumerate(letters)}
    for line in Path(path).read_text().splitlines():
        f = line.split()
        if f[0] == "J":
            i, j, a, b = int(f[1]), int(f[2]), state[f[3]], state[f[4]]
            J[i, j, a, b] = J[j, i, b, a] = float(f[5])
        elif f[0] == "h":
            h[int(f[1]), state[f[2]]] = float(f[3])
    return h, J


def fidelity(model, data_cc, k, seed, sweeps=SWEEPS):
    "Pearson r of the connected correlations of `CHAINS` Gibbs samples (`sweeps` sweeps) with the data's."
    samples = gibbs_sample(model, CHAINS, sweeps, seed=seed)
    return float(np.corrcoef(data_cc, connected_correlations(samples, k))[0, 1])


def top_pairs(S, L):
    "The L pairs with the largest of the APC scores S among |i − j| >= 4, as a set of (i, j)."
    i, j = np.triu_indices(S.shape[0], 4)
    order = np.argsort(S[i, j])[::-1][:L]
    return {(int(i[t]), int(j[t])) for t in order}


def run_plmc(plmc, fasta, letters, work, args=PLMC_ARGS):
    """`((h, J), seconds, M_eff, S)`: plmc's parameters as `read_plmc` reads them, and its own APC scores S
    (L, L) from its couplings file (`-c`), the check of the reader."""
    params, couplings = work / "plmc.params", work / "plmc.couplings"
    t = time.perf_counter()
    run = subprocess.run(
        [plmc, "-o", str(params), "-c", str(couplings), "-a", letters, *args, str(fasta)],
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - t
    if run.returncode != 0:
        raise RuntimeError(f"plmc failed: {run.stderr[-2000:]}")
    m_eff = float(re.search(r"Effective number of samples: ([0-9.]+)", run.stderr).group(1))
    h, J = read_plmc(params)
    # its couplings file: lines "i - j - 0 score", 1-based
    rows = np.loadtxt(couplings, usecols=(0, 2, 5))
    own = np.zeros((len(h), len(h)))
    i, j = rows[:, 0].astype(int) - 1, rows[:, 1].astype(int) - 1
    own[i, j] = own[j, i] = rows[:, 2]
    return (h, J), seconds, m_eff, own


def plain_copy(family, work):
    "The family as mrflit reads it, written as an aligned FASTA file in `work` (one letter a column)."
    out = work / "plain.fasta"
    letters = np.array(list(family.alphabet))
    rows = [f">{name}\n{''.join(letters[code])}" for name, code in zip(family.names, family.codes)]
    out.write_text("\n".join(rows) + "\n")
    return out


def dashes(fasta, work):
    "A copy of an aligned FASTA file with '-' for every '.' gap, in `work` (adabmDCA's input)."
    out = work / "adabmDCA_input.fasta"
    lines = Path(fasta).read_text().splitlines()
    out.write_text("\n".join(r if r.startswith(">") else r.replace(".", "-") for r in lines) + "\n")
    return out


def energy_spread(adabmdca, params, fasta, alphabet, model, codes, work, n=200):
    """The spread (max − min) over the first `n` sequences (the distinct ones) of mrflit's energy of them
    under `model` (read from adabmDCA's `params`) plus adabmDCA's own energy of them (its `energies`
    command): a constant, spread 0, when the reader is right, as adabmDCA's energy is −log P + const."""
    first = work / "energy_check.fasta"
    lines = Path(fasta).read_text().splitlines()
    heads = [i for i, r in enumerate(lines) if r.startswith(">")]
    first.write_text("\n".join(lines[: heads[n]]) + "\n")
    out = work / "energy_check"
    cmd = [adabmdca, "energies", "-d", str(first), "-p", str(params), "-o", str(out), "--alphabet", alphabet]
    subprocess.run([*cmd, "--device", "cpu"], check=True, capture_output=True)
    # adabmDCA scores each distinct sequence once: matched by name
    names = [lines[i][1:].strip() for i in heads[:n]]
    rows = [r.split(",") for r in (out / "energy_check_energies.csv").read_text().splitlines()[1:]]
    which = np.array([names.index(r[0]) for r in rows])
    if which.size < n // 2:
        raise RuntimeError(f"adabmDCA scored {which.size} of the first {n} sequences")
    total = model.energy(codes[which]) + np.array([float(r[-1]) for r in rows])
    return float(total.max() - total.min())


def adabmdca_saved(out):
    """`(seconds, its own Pearson, gradient steps, target reached)` of the adabmDCA run in `out` at its last
    saved parameters: those of the last checkpoint (every `checkpoint_interval` gradient steps, as its log's
    header says) unless the run ended."""
    lines = (out / "adabmDCA.log").read_text().splitlines()
    header = next(r.split() for r in lines if r.startswith("Step"))
    rows = [dict(zip(header, r.split())) for r in lines if re.match(r"^\d+\s+optimization", r)]
    reached = float(rows[-1]["Pearson"]) >= 0.95
    every = int(next(r.split()[1] for r in lines if r.startswith("checkpoint_interval:")))
    saved = rows[-1] if reached else [r for r in rows if int(r["Grad_steps"]) % every == 0][-1]
    return float(saved["Elapsed_s"]), float(saved["Pearson"]), int(saved["Grad_steps"]), reached


def run_adabmdca(adabmdca, fasta, alphabet, work):
    """adabmDCA's bmDCA with its defaults (to its target Pearson 0.95, or stopped): `(params, seconds, its
    own Pearson, gradient steps, target reached)` at its last saved parameters. A run stopped at a checkpoint
    may be resumed from it into its folder's `resume` (`train -p params.dat -c chains.fasta` on the
    checkpoint's files; gradient ascent with a fixed rate keeps no other state), and that one into its own
    `resume`, and so on: the resumed runs' steps and times are added to their checkpoints'."""
    out = work / "adabmDCA"
    if not ((out / "adabmDCA.log").exists() and (out / "params.dat").exists()):
        shutil.rmtree(out, ignore_errors=True)
        cmd = [adabmdca, "train", "-d", str(fasta), "-o", str(out), "--alphabet", alphabet, "--device", "cpu"]
        subprocess.run(cmd, check=True, capture_output=True)
    seconds, pearson, steps, reached = adabmdca_saved(out)
    while (out / "resume" / "params.dat").exists():
        out = out / "resume"
        more_seconds, pearson, more_steps, reached = adabmdca_saved(out)
        seconds, steps = seconds + more_seconds, steps + more_steps
    return out / "params.dat", seconds, pearson, steps, reached


def fit_mrflit(family, lam, max_iter, data_cc):
    "PottsLasso at `lam`: `(model, its results)`."
    t = time.perf_counter()
    fit = PottsLasso(lam, max_iter=max_iter, verbose=True).fit(family)
    seconds = time.perf_counter() - t
    k = len(family.alphabet)
    res = dict(
        seconds=seconds,
        fidelity=fidelity(fit.model_, data_cc, k, 1),
        fidelity_early=fidelity(fit.model_, data_cc, k, 1, SWEEPS // 3),
        lam=lam,
        converged=fit.converged_,
        kkt_se=float(fit.kkt_se_),
        edges=int(np.count_nonzero(np.triu(fit.model_.edge_norms(), 1))),
        newton_steps=int(fit.n_iter_),
        chains=int(fit.trace_["n_chains"][-1]),
    )
    return fit.model_, res


def agreement(scores, name, L):
    "The share of top-L pairs two methods share, for each pair of methods with scores for family `name`."
    tops = {m: top_pairs(scores[f"{name}/{m}"], L) for m in METHODS if f"{name}/{m}" in scores}
    pairs = [(a, b) for n, a in enumerate(METHODS) for b in METHODS[n + 1 :] if a in tops and b in tops]
    return {f"{a}/{b}": len(tops[a] & tops[b]) / L for a, b in pairs}


def mrflit_and_plmc(family, fasta, spec, plmc, work, lam, extra_lam, max_iter, data_cc, models):
    "mrflit's fits and plmc's: their results by method; their models added to `models`."
    k = len(family.alphabet)
    res = {}
    models["mrflit"], res["mrflit"] = fit_mrflit(family, lam, max_iter, data_cc)
    if extra_lam is not None:
        _, res[f"mrflit λ={extra_lam:g}"] = fit_mrflit(family, extra_lam, max_iter, data_cc)
    args = spec.get("plmc_args", PLMC_ARGS)
    source = plain_copy(family, work) if spec.get("plain_copy") else fasta
    (h, J), seconds, m_eff, own = run_plmc(plmc, source, spec["plmc_alphabet"], work, args)
    models["plmc"] = potts_model(h, J)
    # the reader's check: the APC scores of the model as read against plmc's own (its parameters are in the
    # zero-sum gauge its L2 penalty picks, where our centring changes nothing): the largest difference,
    # relative to the largest score
    ours = contact_scores(models["plmc"])
    score_error = float(np.abs(ours - own).max() / np.abs(own).max())
    fid = fidelity(models["plmc"], data_cc, k, 1)
    early = fidelity(models["plmc"], data_cc, k, 1, SWEEPS // 3)
    res["plmc"] = dict(
        seconds=seconds,
        fidelity=fid,
        fidelity_early=early,
        m_eff=m_eff,
        args=" ".join(args),
        score_error=score_error,
    )
    return res


def study(name, spec, plmc, adabmdca, work, lam, extra_lam, max_iter, with_adabmdca, previous=None):
    """One family: `(results, contact scores)` of mrflit, plmc and (when asked) adabmDCA; with `previous`
    (its stored results), mrflit's and plmc's are kept and adabmDCA alone is read anew."""
    fasta = HERE / "data" / "families" / spec["file"]
    family = read_alignment(fasta, spec["alphabet"])
    lam, extra_lam = spec.get("lam", lam), spec.get("extra_lam", extra_lam)
    with_adabmdca = with_adabmdca and spec.get("adabmdca", True)
    codes, k = family.codes, len(family.alphabet)
    L = codes.shape[1]
    weights = sequence_weights(codes)
    data_cc = connected_correlations(codes, k, weights)
    work = work / name
    work.mkdir(parents=True, exist_ok=True)
    models = {}
    if previous is not None:
        res = {key: v for key, v in previous.items() if key != "adabmDCA"}
    else:
        res = {"sequences": int(codes.shape[0]), "columns": L, "states": k, "m_eff": float(weights.sum())}
        rows = np.random.default_rng(0).choice(len(codes), CHAINS, p=weights / weights.sum())
        res["ceiling"] = float(np.corrcoef(data_cc, connected_correlations(codes[rows], k))[0, 1])
        res.update(
            mrflit_and_plmc(family, fasta, spec, plmc, work, lam, extra_lam, max_iter, data_cc, models)
        )
    if with_adabmdca:
        params, seconds, pearson, steps, reached = run_adabmdca(
            adabmdca, dashes(fasta, work), spec["adabmdca_alphabet"], work
        )
        letters = spec["adabmdca_alphabet"] if spec["adabmdca_alphabet"] != "rna" else "-ACGU"
        # a copy: the running adabmDCA rewrites its parameters at each checkpoint
        params = Path(shutil.copy(params, work / "adabmDCA_params_read.dat"))
        models["adabmDCA"] = potts_model(*read_adabmdca(params, letters, L))
        spread = energy_spread(
            adabmdca, params, dashes(fasta, work), spec["adabmdca_alphabet"], models["adabmDCA"], codes, work
        )
        fid = fidelity(models["adabmDCA"], data_cc, k, 1)
        res["adabmDCA"] = dict(
            seconds=seconds,
            fidelity=fid,
            fidelity_early=fidelity(models["adabmDCA"], data_cc, k, 1, SWEEPS // 3),
            own_pearson=pearson,
            steps=steps,
            reached=reached,
            energy_spread=spread,
        )
    scores = {f"{name}/{m}": contact_scores(model).astype(np.float32) for m, model in models.items()}
    return res, scores


def write_report(data):
    "The BENCHMARKS.md section: one row per family and method, from the stored results."
    rows = []
    for fam, r in data["families"].items():
        for method in [k for k, v in r.items() if isinstance(v, dict) and "fidelity" in v]:
            m = r[method]
            kind = "mrflit" if method.startswith("mrflit") else method
            note = {
                "mrflit": f"λ = {m.get('lam')}, {m.get('edges')} blocks, converged {m.get('converged')}, "
                f"largest group KKT {m.get('kkt_se', float('nan')):.2f} σ",
                "plmc": f"`{m.get('args')}`",
                "adabmDCA": f"{m.get('steps')} steps, own Pearson {m.get('own_pearson')}, "
                f"target reached {m.get('reached')}",
            }[kind]
            rows.append(f"| {fam} | {method} | {m['seconds']:.0f} | {m['fidelity']:.3f} | {note} |")
    _report.write_section(
        "potts-families",
        "\n".join(
            [
                "## Potts models of sequence families against plmc and adabmDCA (`study_potts_families.py`)",
                "",
                f"Fidelity: Pearson r of the connected two-site correlations of {data['chains']:,} Gibbs "
                f"samples ({data['sweeps']} sweeps, mrflit's sampler for every model) with the reweighted "
                "family's (its ceiling at that sample size, rows drawn from the family itself: "
                + ", ".join(f"{f} {r['ceiling']:.3f}" for f, r in data["families"].items() if "ceiling" in r)
                + "). Times: wall seconds; adabmDCA's from its own log, at its last saved parameters.",
                "",
                "| family | method | seconds | fidelity | notes |",
                "|---|---|---|---|---|",
                *rows,
            ]
        ),
    )


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("plmc")
    ap.add_argument("--adabmdca", default=shutil.which("adabmDCA") or "adabmDCA")
    ap.add_argument("--work", default="/tmp/potts_families")
    ap.add_argument("--families", nargs="+", default=list(FAMILIES), choices=list(FAMILIES))
    ap.add_argument("--lam", type=float, default=PottsLasso().lam)
    ap.add_argument("--extra-lam", type=float, default=0.005, help="a second, sparser mrflit fit")
    ap.add_argument("--max-iter", type=int, default=PottsLasso().max_iter)
    ap.add_argument("--adabmdca-families", nargs="*", default=None, help="run adabmDCA on these only (all)")
    ap.add_argument(
        "--adabmdca-only",
        action="store_true",
        help="keep the stored mrflit and plmc results; read adabmDCA's run (finished or checkpointed) anew",
    )
    ap.add_argument(
        "--keep-adabmdca",
        action="store_true",
        help="fit mrflit and plmc anew; keep adabmDCA's stored results and scores (its run is not repeated)",
    )
    ap.add_argument(
        "--report", action="store_true", help="only write BENCHMARKS.md's section from the results"
    )
    args = ap.parse_args()
    if args.report:
        write_report(json.loads(OUT.read_text()))
        return
    old = json.loads(OUT.read_text()) if OUT.exists() else {}
    results = old.get("families", {})
    scores = dict(np.load(SCORES)) if SCORES.exists() else {}
    for name in args.families:
        kept = results.get(name, {}).get("adabmDCA") if args.keep_adabmdca else None
        with_dca = kept is None and (args.adabmdca_families is None or name in args.adabmdca_families)
        settings = (args.lam, args.extra_lam, args.max_iter, with_dca)
        previous = results[name] if args.adabmdca_only else None
        # no stale scores of a method's previous run stay beside the new ones (a kept adabmDCA's stay)
        stale = f"{name}/" if previous is None else f"{name}/adabmDCA"
        keep = f"{name}/adabmDCA" if kept is not None else None
        scores = {key: v for key, v in scores.items() if key == keep or not key.startswith(stale)}
        results[name], new = study(
            name, FAMILIES[name], args.plmc, args.adabmdca, Path(args.work), *settings, previous=previous
        )
        if kept is not None:
            results[name]["adabmDCA"] = kept
        scores.update(new)
        results[name]["top_L_agreement"] = agreement(scores, name, results[name]["columns"])
        print(name, json.dumps(results[name], indent=1), flush=True)
    np.savez_compressed(SCORES, **scores)
    machine = dict(cpu=_report.machine(), date=time.strftime("%Y-%m-%d"))
    text = json.dumps(dict(machine=machine, sweeps=SWEEPS, chains=CHAINS, families=results), indent=1)
    OUT.write_text(text + "\n")
    write_report(json.loads(text))


if __name__ == "__main__":
    main()
