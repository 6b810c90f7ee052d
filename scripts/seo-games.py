#!/usr/bin/env python3
"""Writes api/seo/games.go from the web client's game names (webclient/src/i18n/locales/matches/<locale>.json,
key "game"), for the games of the route table (webclient/public/routes.json, params.game). Run from the
repository root after the web client's names change; go test ./api/seo/ says when it is needed."""
import json

LOCALES = "en_US zh_CN zh_tw vi es pt fr de sv ru uk da pl nl ko ms tl el tr thai ar jp".split()
slugs = json.load(open("webclient/public/routes.json"))["params"]["game"]
with open("api/seo/games.go", "w") as f:
    f.write('// Code generated from webclient/src/i18n/locales/matches/<locale>.json ("game"); DO NOT EDIT.\n')
    f.write("// scripts/seo-games.py writes it; TestGameNamesMatchTheWebClient keeps it in step with the web client's names.\n\n")
    f.write("package seo\n\n// gameNames is the web client's name of each game of the route table, by locale and slug.\n")
    f.write("var gameNames = map[string]map[string]string{\n")
    for loc in LOCALES:
        games = json.load(open(f"webclient/src/i18n/locales/matches/{loc}.json"))["game"]
        pairs = ", ".join(f"{json.dumps(s)}: {json.dumps(games[s], ensure_ascii=False)}" for s in slugs)
        f.write(f"\t{json.dumps(loc)}: {{{pairs}}},\n")
    f.write("}\n")
