// The server's sentences, filled here as Python fills them (solver/sentences.py `say`): the table is
// solver/data/sentences.toml, sent in /offline/meta.json, so the offline pages hold no copy of a sentence.
// Every placeholder in it is a plain {name} (Python refuses any other kind), which one replace fills alike.
const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

// The sentence under `key` ("word.reasons.slang") with its placeholders filled from `values`; a missing key or
// value throws, as Python's KeyError does.
export function say(table, key, values) {
  const template = table[key];
  if (typeof template !== "string") throw new Error("No sentence " + key);
  const given = values || {};
  return template.replace(PLACEHOLDER, function (_, name) {
    if (!Object.prototype.hasOwnProperty.call(given, name))
      throw new Error("Sentence " + key + " needs {" + name + "}");
    return String(given[name]);
  });
}
