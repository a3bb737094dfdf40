// Preloaded (node --require) into code-server by the integration runner; the extension host
// inherits it. Records every outgoing request or TCP connection started from code whose stack passes
// through HLX_NETSPY_MATCH (the extension's dist/ folder) in globalThis.__hlxNetSpy, so that a test in
// the extension host can check that activation opened none. Hooks: http(s).request/get (VS Code's
// proxy agent connects asynchronously, so the stack is taken when the request is made), fetch, and
// net.Socket#connect for raw sockets. Path-based (IPC) sockets are ignored.
'use strict';
const match = process.env.HLX_NETSPY_MATCH;
if (match && !globalThis.__hlxNetSpy) {
  const seen = [];
  Object.defineProperty(globalThis, '__hlxNetSpy', { value: seen, enumerable: false });
  const stackNow = () => {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 80;
    const stack = new Error().stack || '';
    Error.stackTraceLimit = limit;
    return stack;
  };
  const record = (kind, describe) => {
    try {
      const stack = stackNow();
      if (!stack.includes(match)) return;
      const target = describe();
      if (target) seen.push({ kind, target, at: Date.now(), stack });
    } catch {
      /* never break a request because of the spy */
    }
  };
  const describeRequest = (proto) => (a, b) => () => {
    if (typeof a === 'string') return a.replace(/\/\/[^/]*@/, '//');
    if (a instanceof URL) return a.origin + a.pathname;
    const o = a && typeof a === 'object' ? a : b && typeof b === 'object' ? b : {};
    return `${o.protocol || proto}//${o.hostname || o.host || 'localhost'}${o.port ? ':' + o.port : ''}${o.path || ''}`;
  };
  for (const [mod, proto] of [
    [require('node:http'), 'http:'],
    [require('node:https'), 'https:'],
  ]) {
    for (const fn of ['request', 'get']) {
      const original = mod[fn];
      mod[fn] = function (a, b, ...rest) {
        record(`${proto.slice(0, -1)}.${fn}`, describeRequest(proto)(a, b));
        return original.call(this, a, b, ...rest);
      };
    }
  }
  if (typeof globalThis.fetch === 'function') {
    const original = globalThis.fetch;
    globalThis.fetch = function (input, init) {
      record('fetch', () => String(input && input.url ? input.url : input));
      return original.call(this, input, init);
    };
  }
  const net = require('node:net');
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (...args) {
    record('net.connect', () => {
      const first = Array.isArray(args[0]) ? args[0][0] : args[0];
      if (first && typeof first === 'object' && first.port !== undefined && !first.path) return `${first.host || 'localhost'}:${first.port}`;
      if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
        return `${typeof args[1] === 'string' ? args[1] : 'localhost'}:${first}`;
      }
      return undefined;
    });
    return connect.apply(this, args);
  };
}
