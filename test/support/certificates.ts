// A private CA and a certificate for 127.0.0.1 signed by it, made with openssl once per test process: for the
// deployments and middleboxes tests that speak TLS (HTTP/2 is offered by ALPN over TLS only). And a chain as public
// CAs issue them, a root, an intermediate and a certificate the intermediate signed, for a server that leaves out
// the intermediate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let made: { key: string; cert: string; ca: string } | undefined;
/** The key and certificate (PEM) for 127.0.0.1, and the path of the CA's certificate (for --ca-file). */
export function certificates(): { key: string; cert: string; ca: string } {
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-ca-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=mockapi-conformance test CA');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  execFileSync('sh', ['-c', 'printf "subjectAltName=IP:127.0.0.1,DNS:localhost\\n" > ext.cnf'], { cwd: dir });
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
  );
  made = { key: readFileSync(join(dir, 'server.key'), 'utf8'), cert: readFileSync(join(dir, 'server.pem'), 'utf8'), ca: join(dir, 'ca.pem') };
  return made;
}

let chained: { key: string; cert: string; intermediate: string; root: string } | undefined;
/** A key and certificate for 127.0.0.1 signed by an intermediate CA (PEM), the intermediate's certificate (PEM), and the root's path. */
export function chainedCertificates(): { key: string; cert: string; intermediate: string; root: string } {
  if (chained) return chained;
  const dir = mkdtempSync(join(tmpdir(), 'mockapi-conformance-chain-'));
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  execFileSync('sh', ['-c', 'printf "basicConstraints=critical,CA:TRUE\\nkeyUsage=critical,keyCertSign,cRLSign\\n" > ca.cnf'], { cwd: dir });
  execFileSync('sh', ['-c', 'printf "subjectAltName=IP:127.0.0.1,DNS:localhost\\n" > leaf.cnf'], { cwd: dir });
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'root.key',
    '-out',
    'root.pem',
    '-days',
    '2',
    '-subj',
    '/CN=mockapi-conformance test root',
  );
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'int.key', '-out', 'int.csr', '-subj', '/CN=mockapi-conformance test intermediate');
  openssl('x509', '-req', '-in', 'int.csr', '-CA', 'root.pem', '-CAkey', 'root.key', '-CAcreateserial', '-out', 'int.pem', '-days', '2', '-extfile', 'ca.cnf');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', '/CN=127.0.0.1');
  openssl(
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'int.pem',
    '-CAkey',
    'int.key',
    '-CAcreateserial',
    '-out',
    'leaf.pem',
    '-days',
    '2',
    '-extfile',
    'leaf.cnf',
  );
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  chained = { key: read('leaf.key'), cert: read('leaf.pem'), intermediate: read('int.pem'), root: join(dir, 'root.pem') };
  return chained;
}
