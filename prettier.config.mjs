// Prettier for the pages' JavaScript, run by .ci/run after ESLint as `ruff format` is for Python (version pinned
// there). Set to the code as it was written, so that the first pass changed layout only: ruff's line length and
// objects without inner spaces ({text: word}); the rest is what the code already did (double quotes, semicolons,
// two-space indent, a trailing comma after the last item of a list broken over lines).
export default {
  printWidth: 120,
  bracketSpacing: false,
  singleQuote: false,
  semi: true,
  tabWidth: 2,
  trailingComma: "all",
};
