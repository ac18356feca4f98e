// ESLint for the pages' JavaScript, run by .ci/run as ruff is for Python (versions pinned there).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["app/static/**/*.js"],  // app/templates/sw.js is a Jinja template, JavaScript only once rendered: left out
    languageOptions: {ecmaVersion: 2022, sourceType: "script", globals: {...globals.browser, ...globals.serviceworker}},
  },
  {
    // words.js is also required by Node (the differential tests' runner, tests/js/), which gives it `module`.
    files: ["app/static/words.js", "tests/js/**/*.js"],
    languageOptions: {globals: {...globals.node}},
  },
  {
    rules: {
      // The word folding matches invisible and control characters on purpose (the server's normalize does too).
      "no-control-regex": "off",
      // A failed fetch is answered the same whatever the error: `catch (error)` names what it ignores.
      "no-unused-vars": ["error", {caughtErrors: "none"}],
    },
  },
];
