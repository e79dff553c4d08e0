/** A local stand-in for a LibreTranslate server: GET /languages and POST /translate. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LibreRequest {
  q: string;
  source: string;
  target: string;
  format: string;
  api_key?: string;
}

export interface FakeLibreTranslate {
  url: string;
  requests: LibreRequest[];
  languages: { code: string; name: string; targets: string[] }[];
  /** Our little dictionary: `${source}>${target}:${q}` → translation. */
  dictionary: Map<string, string>;
  languagesCalls: number;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function startFakeLibreTranslate(apiKey?: string): Promise<FakeLibreTranslate> {
  const fake: Omit<FakeLibreTranslate, 'url' | 'close'> = {
    requests: [],
    languages: [
      { code: 'en', name: 'English', targets: ['en', 'zh-Hans', 'es'] },
      { code: 'zh-Hans', name: 'Chinese (Simplified)', targets: ['en', 'zh-Hans'] },
      { code: 'es', name: 'Spanish', targets: ['en', 'es'] },
      { code: 'zt', name: 'Chinese (Traditional)', targets: ['en'] },
    ],
    dictionary: new Map(),
    languagesCalls: 0,
  };
  const server = createServer((req, res) => {
    const send = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'GET' && req.url === '/languages') {
      fake.languagesCalls++;
      send(200, fake.languages);
      return;
    }
    if (req.method === 'POST' && req.url === '/translate') {
      void body(req).then((text) => {
        if (!(req.headers['content-type'] ?? '').includes('application/json')) {
          send(400, { error: 'expected JSON' });
          return;
        }
        const r = JSON.parse(text) as LibreRequest;
        fake.requests.push(r);
        if (apiKey && r.api_key !== apiKey) {
          send(403, { error: 'Invalid API key' });
          return;
        }
        const source = fake.languages.find((l) => l.code === r.source);
        if (!source || !source.targets.includes(r.target)) {
          send(400, { error: `${r.source} is not supported` });
          return;
        }
        const translated = fake.dictionary.get(`${r.source}>${r.target}:${r.q}`);
        if (translated === undefined) {
          send(500, { error: 'no translation in the fake dictionary' });
          return;
        }
        send(200, { translatedText: translated });
      });
      return;
    }
    send(404, { error: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
