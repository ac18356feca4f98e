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
    // The offline layer is ES modules (loaded by one <script type="module">; Node imports words.js too).
    files: ["app/static/offline*.js", "app/static/words.js", "app/static/sentences.js"],
    languageOptions: {sourceType: "module"},
  },
  {
    // The differential tests' runner is a Node script.
    files: ["tests/js/**/*.js"],
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
