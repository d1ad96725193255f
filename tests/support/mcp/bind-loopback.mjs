// Preload (`node --import`) for servers that listen on every interface (server-everything's HTTP
// modes call `app.listen(PORT)`): every TCP listen is forced onto 127.0.0.1 so tests never expose a
// port beyond this machine.
import net from 'node:net';

const originalListen = net.Server.prototype.listen;

net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first] = args;
  const isPort = typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first));
  if (isPort) {
    const callback = args.find((arg) => typeof arg === 'function');
    return originalListen.call(this, { port: Number(first), host: '127.0.0.1' }, callback);
  }
  if (
    first &&
    typeof first === 'object' &&
    first.path === undefined &&
    first.fd === undefined &&
    first._handle === undefined
  ) {
    return originalListen.call(this, { ...first, host: '127.0.0.1' }, ...args.slice(1));
  }
  return originalListen.apply(this, args);
};
