#!/usr/bin/env python3
"""Writes api/seo/games.go from the web client's names: each game of the route table
(webclient/public/routes.json, params.game) by its name in webclient/src/i18n/locales/matches/<locale>.json
(key "game"), and each game group of the header (webclient/src/components/headerNav.ts, GAME_GROUPS) by its
name in webclient/src/i18n/locales/<locale>.json (key "nav"). Run from the repository root after the web
client's names change; go test ./api/seo/ says when it is needed."""
import json
import re
import subprocess

LOCALES = "en_US zh_CN zh_tw vi es pt fr de sv ru uk da pl nl ko ms tl el tr thai ar jp".split()
slugs = json.load(open("webclient/public/routes.json"))["params"]["game"]
nav = open("webclient/src/components/headerNav.ts").read()
groups = json.loads(re.search(r"export const GAME_GROUPS = (\[[^\]]*\]) as const;", nav).group(1))


def names(table, keys, path, section):
    f.write(f"var {table} = map[string]map[string]string{{\n")
    for loc in LOCALES:
        found = json.load(open(path.format(loc=loc)))[section]
        pairs = ", ".join(f"{json.dumps(k)}: {json.dumps(found[k], ensure_ascii=False)}" for k in keys)
        f.write(f"\t{json.dumps(loc)}: {{{pairs}}},\n")
    f.write("}\n")


with open("api/seo/games.go", "w") as f:
    # One line, so Go's tools see a generated file.
    f.write('// Code generated from webclient/src/i18n/locales/matches/<locale>.json ("game") and <locale>.json ("nav"); DO NOT EDIT.\n')
    f.write("// scripts/seo-games.py writes it; TestGameNamesMatchTheWebClient keeps it in step with the web client's names.\n\n")
    f.write("package seo\n\n// gameNames is the web client's name of each game of the route table, by locale and slug.\n")
    names("gameNames", slugs, "webclient/src/i18n/locales/matches/{loc}.json", "game")
    f.write("\n// groupNames is the web client's name of each game group of the header (headerNav.ts GAME_GROUPS),\n")
    f.write("// by locale and group.\n")
    names("groupNames", groups, "webclient/src/i18n/locales/{loc}.json", "nav")
subprocess.run(["gofmt", "-w", "api/seo/games.go"], check=True)  # aligns the map as go vet and reviewers expect
