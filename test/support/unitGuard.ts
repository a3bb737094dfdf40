/**
 * Loaded by mocha for the unit suite (.mocharc.json `require`): the unit suite runs on a machine with
 * neither VS Code nor a browser, so the harness refuses to start either (test/host/browser.ts,
 * codeServer.ts). A test that needs Chromium belongs in test/ui/ (its runner installs Chromium first).
 */
process.env.HLX_NO_HOST = 'unit suite: needs neither VS Code nor a browser; a test that does belongs in test/ui/';
