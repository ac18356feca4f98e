// Check app/static/words.js against the Python judge's verdicts (tests/offline_helpers.py writes them, and the
// sentence table the server sends the offline pages, so every sentence here comes from Python).
//   node judge_golden.js words.js data.gz cases.jsonl sentences.json  ->  {"checked": n, "mismatches": [...first few]}
"use strict";
const fs = require("fs");
const url = require("url");
const zlib = require("zlib");
const [wordsJs, dataPath, casesPath, sentencesPath] = process.argv.slice(2);

async function main() {
  const W = await import(url.pathToFileURL(wordsJs).href); // an ES module, as the pages load it
  const sentences = JSON.parse(fs.readFileSync(sentencesPath, "utf8"));
  const words = new W.Words(zlib.gunzipSync(fs.readFileSync(dataPath)).toString("ascii"), sentences);
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
        if (mismatches.length < 20)
          mismatches.push({input: input, size: size, want: [normalized, want[i]], got: [got.normalized, mine]});
      }
    });
  }
  process.stdout.write(JSON.stringify({checked: checked, mismatches: mismatches, count: mismatches.length}));
}

main().catch(function (error) {
  process.stderr.write(String((error && error.stack) || error));
  process.exit(1);
});
