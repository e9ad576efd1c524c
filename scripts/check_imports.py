#!/usr/bin/env python3
"""Checks that every target imports only the package's modules it declares in Package.swift.

SwiftPM's --explicit-target-dependency-import-check catches an import of a module outside the
target's dependency closure only; an import of a dependency's dependency builds without a word.
This reads the manifest (swift package dump-package) and every source file's imports and
names each import of a package module that the importing target does not declare.
"""

import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(
    r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
    r"(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)",
    re.MULTILINE,
)


def main() -> int:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    manifest = json.loads(
        subprocess.run(
            ["swift", "package", "dump-package"], cwd=root, check=True, capture_output=True, text=True
        ).stdout
    )
    targets = manifest["targets"]
    modules = {target["name"].replace("-", "_"): target["name"] for target in targets}
    problems = []
    for target in targets:
        if target["type"] in ("system", "binary", "plugin"):
            continue
        declared = set()
        for dependency in target["dependencies"]:
            (name, *_), = dependency.values()
            declared.add(name.replace("-", "_"))
        default = "Tests" if target["type"] == "test" else "Sources"
        directory = os.path.join(root, target.get("path") or os.path.join(default, target["name"]))
        own = target["name"].replace("-", "_")
        for folder, _, files in os.walk(directory):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(folder, file)
                with open(path, encoding="utf-8") as source:
                    text = source.read()
                for module in IMPORT.findall(text):
                    if module in modules and module != own and module not in declared:
                        relative = os.path.relpath(path, root)
                        problems.append(f"{relative}: {target['name']} imports {module} without declaring it")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
