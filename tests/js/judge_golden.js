// Check app/static/words.js against the Python judge's verdicts (tests/offline_helpers.py writes them).
//   node judge_golden.js words.js data.gz cases.jsonl  ->  {"checked": n, "mismatches": [...first few]}
"use strict";
const fs = require("fs");
const zlib = require("zlib");
const [wordsJs, dataPath, casesPath] = process.argv.slice(2);
const W = require(wordsJs);
const words = new W.Words(zlib.gunzipSync(fs.readFileSync(dataPath)).toString("ascii"));
const lines = fs.readFileSync(casesPath, "utf8").split("\n");
let checked = 0;
const mismatches = [];
for (const line of lines) {
  if (!line) continue;
  const [input, normalized, ...want] = JSON.parse(line);
  W.SIZES.forEach(function (size, i) {
    const got = W.check(words, input, size);
    const mine = [got.valid, got.reason, got.tier, got.message];
    checked++;
    if (got.normalized !== normalized || JSON.stringify(mine) !== JSON.stringify(want[i])) {
      if (mismatches.length < 20) mismatches.push({input: input, size: size, want: [normalized, want[i]], got: [got.normalized, mine]});
    }
  });
}
process.stdout.write(JSON.stringify({checked: checked, mismatches: mismatches, count: mismatches.length}));
