/**
 * A local stand-in for an OpenAI-compatible server, speaking the real protocol: multipart
 * transcriptions (the WAV is parsed and checked), chat completions and speech. It records what
 * it was sent; each test decides what it answers.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWav {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  samples: Int16Array;
}

export interface Transcription {
  model: string;
  language: string | null;
  responseFormat: string | null;
  fileName: string;
  contentType: string;
  wav: ReceivedWav;
}

export interface ChatRequest {
  model: string;
  temperature: unknown;
  messages: { role: string; content: string }[];
}

export interface SpeechRequest {
  model: string;
  input: string;
  voice: string;
  response_format: string;
}

type Reply = { status: number; body: string | Uint8Array; contentType?: string };

export interface FakeOpenAi {
  url: string;
  key: string | undefined;
  transcriptions: Transcription[];
  chats: ChatRequest[];
  speeches: SpeechRequest[];
  transcribe: (t: Transcription) => Reply;
  chat: (c: ChatRequest) => Reply;
  speak: (s: SpeechRequest) => Reply;
  /** Holds every answer this long (for timeouts). */
  delayMs: number;
  close(): Promise<void>;
}

/** A WAV parsed independently of the code under test: RIFF chunks, fmt, data. */
export function parseWavStrictly(bytes: Buffer): ReceivedWav {
  if (bytes.toString('ascii', 0, 4) !== 'RIFF' || bytes.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not RIFF/WAVE');
  }
  if (bytes.readUInt32LE(4) !== bytes.length - 8) throw new Error('RIFF size does not match');
  let offset = 12;
  let fmt: Omit<ReceivedWav, 'samples'> | undefined;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      if (bytes.readUInt16LE(offset + 8) !== 1) throw new Error('not PCM');
      fmt = {
        channels: bytes.readUInt16LE(offset + 10),
        sampleRate: bytes.readUInt32LE(offset + 12),
        bitsPerSample: bytes.readUInt16LE(offset + 22),
      };
      const blockAlign = bytes.readUInt16LE(offset + 20);
      if (bytes.readUInt32LE(offset + 16) !== fmt.sampleRate * blockAlign) {
        throw new Error('byte rate does not match');
      }
    }
    if (id === 'data') {
      if (!fmt) throw new Error('data before fmt');
      if (offset + 8 + size !== bytes.length) throw new Error('data size does not match');
      const data = bytes.subarray(offset + 8, offset + 8 + size);
      const samples = new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + size));
      return { ...fmt, samples };
    }
    offset += 8 + size;
  }
  throw new Error('no data chunk');
}

/** A 16-bit mono WAV of a sine tone, as a speech server would send. */
export function toneWav(seconds: number, sampleRate: number, hz = 220): Buffer {
  const n = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + n * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + n * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) {
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / sampleRate)), 44 + i * 2);
  }
  return wav;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const json = (status: number, value: unknown): Reply => ({
  status,
  body: JSON.stringify(value),
  contentType: 'application/json',
});

export async function startFakeOpenAi(key?: string): Promise<FakeOpenAi> {
  const fake: Omit<FakeOpenAi, 'url' | 'close'> = {
    key,
    transcriptions: [],
    chats: [],
    speeches: [],
    transcribe: () => json(200, { text: 'hello' }),
    chat: () => json(200, { choices: [{ message: { role: 'assistant', content: 'hola' } }] }),
    speak: () => ({ status: 200, body: toneWav(1, 24_000), contentType: 'audio/wav' }),
    delayMs: 0,
  };

  async function handle(req: IncomingMessage): Promise<Reply> {
    if (key && req.headers.authorization !== `Bearer ${key}`) {
      return json(401, { error: { message: 'Incorrect API key provided' } });
    }
    const raw = await body(req);
    if (req.method === 'POST' && req.url === '/v1/audio/transcriptions') {
      const type = req.headers['content-type'] ?? '';
      if (!type.startsWith('multipart/form-data')) return json(400, { error: 'not multipart' });
      // The standard multipart parser (undici's), not the code under test.
      const form = await new Response(raw, { headers: { 'content-type': type } }).formData();
      const file = form.get('file');
      if (!(file instanceof File)) return json(400, { error: { message: 'file is required' } });
      let wav: ReceivedWav;
      try {
        wav = parseWavStrictly(Buffer.from(await file.arrayBuffer()));
      } catch (error) {
        return json(400, { error: { message: `bad WAV: ${(error as Error).message}` } });
      }
      const t: Transcription = {
        model: String(form.get('model')),
        language: form.get('language') as string | null,
        responseFormat: form.get('response_format') as string | null,
        fileName: file.name,
        contentType: file.type,
        wav,
      };
      fake.transcriptions.push(t);
      return fake.transcribe(t);
    }
    if (req.method === 'POST' && req.url === '/v1/chat/completions') {
      const c = JSON.parse(raw.toString()) as ChatRequest;
      fake.chats.push(c);
      return fake.chat(c);
    }
    if (req.method === 'POST' && req.url === '/v1/audio/speech') {
      const s = JSON.parse(raw.toString()) as SpeechRequest;
      fake.speeches.push(s);
      return fake.speak(s);
    }
    return json(404, { error: { message: `no route ${req.method} ${req.url}` } });
  }

  const server: Server = createServer((req, res) => {
    handle(req).then(
      async (reply) => {
        if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
        res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'text/plain' });
        res.end(reply.body);
      },
      (error: Error) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(error.message);
      },
    );
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
