"""Train the contract evaluator, or calibrate it for a level (tarot.duplicate.contract_training).

    python benchmarks/train_contracts.py [--rules standard] [--deals 50000]
        [--seed 1000001] [--workers 2] [--out PATH]
    python benchmarks/train_contracts.py --calibrate normal --defenders rules
        [--rules standard] [--deals 1000] [--seed 2000001] [--workers 2]

Training plays the forced contracts of ``--deals`` deal seeds with the rules player and
writes the fitted model (by default the package's own file,
``tarot/bots/contract_models/RULES.json``). ``--calibrate LEVEL`` plays other seeds with
LEVEL as the taker (``--defenders`` the others) and writes LEVEL's offset into the
model file. The same command gives the same file, whatever ``--workers``. Prints the
deals used, the offset, and each contract's coefficients.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tarot.bots.contracts import FEATURES, ContractModel, model_path
from tarot.duplicate.contract_training import recalibrate, train
from tarot.engine.rule_files import load_rules


def progress(done: int, total: int) -> None:
    sys.stderr.write(f"\r{done}/{total} chunks" + ("\n" if done == total else ""))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard")
    parser.add_argument("--deals", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1_000_001)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--calibrate", metavar="LEVEL")
    parser.add_argument("--defenders", metavar="LEVEL",
                        help="with --calibrate: who plays the other seats (default LEVEL)")
    parser.add_argument("--out", type=Path, help="the model file (default: the package's)")
    args = parser.parse_args(argv)
    rules = load_rules(args.rules)
    out = args.out or model_path(rules.id)
    if args.calibrate:
        if not out.is_file():
            parser.error(f"no model at {out} to calibrate: train one first")
        model = ContractModel.from_json(out.read_text(encoding="utf-8"), str(out))
        model = recalibrate(model, rules, args.calibrate, args.deals, args.seed,
                            args.workers, args.defenders, progress)
        print(f"{args.calibrate}: offset {model.offsets[args.calibrate]:+.2f} a unit of "
              f"multiplier")
    else:
        model = train(rules, args.deals, args.seed, args.workers, progress)
        print(f"{rules.id}: fitted on {model.made_by['deals']} deals")
        for contract, coefficients in model.mean.items():
            print(f"  {contract:<13} " + " ".join(f"{name}={value:+.1f}" for name, value
                                                    in zip(FEATURES, coefficients,
                                                           strict=True)))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(model.to_json(), encoding="utf-8")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
