/**
 * A passkey authenticator in software, for tests: an ES256 key pair made with node:crypto, a
 * registration with attestation 'none' and assertions signed as a platform authenticator signs
 * them (authenticator data, then the client data's SHA-256), in the JSON shapes
 * @simplewebauthn/browser sends. User verification is always reported; the signature counter grows
 * by one per assertion unless a test sets it.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** The CBOR head of major type `major` with argument `value`. */
function head(major: number, value: number): Buffer {
  const type = major << 5;
  if (value < 24) return Buffer.from([type | value]);
  if (value < 0x100) return Buffer.from([type | 24, value]);
  if (value < 0x10000) return Buffer.from([type | 25, value >> 8, value & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = type | 26;
  out.writeUInt32BE(value, 1);
  return out;
}

/** Just enough CBOR for attestation objects and COSE keys. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

export interface SoftwareAuthenticatorOptions {
  rpId: string;
  origin: string;
  /** A synced passkey (backup eligible and backed up): amr 'swk'; else bound to this device: 'hwk'. */
  multiDevice?: boolean;
}

export class SoftwareAuthenticator {
  readonly credentialId = randomBytes(16);
  /** The next assertion's counter is this plus one. */
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(private readonly options: SoftwareAuthenticatorOptions) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  private flags(extra: number): number {
    return FLAG_UP | FLAG_UV | extra | (this.options.multiDevice ? FLAG_BE | FLAG_BS : 0);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin?: string): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: origin ?? this.options.origin, crossOrigin: false }),
    );
  }

  /** The COSE_Key of the public key (EC2, P-256, ES256). */
  private coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(String(jwk.x), 'base64url')],
        [-3, Buffer.from(String(jwk.y), 'base64url')],
      ]),
    );
  }

  /** The answer to navigator.credentials.create() with these options (`challenge` is all it reads). */
  register(options: Record<string, unknown>, overrides: { origin?: string } = {}) {
    const counter = Buffer.alloc(4);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(this.options.rpId),
      Buffer.from([this.flags(FLAG_AT)]),
      counter,
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(
          this.clientData('webauthn.create', String(options['challenge']), overrides.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to navigator.credentials.get() with these options, signed with the next counter. */
  assert(options: Record<string, unknown>, overrides: { counter?: number; origin?: string } = {}) {
    this.counter = overrides.counter ?? this.counter + 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authenticatorData = Buffer.concat([
      sha256(this.options.rpId),
      Buffer.from([this.flags(0)]),
      counter,
    ]);
    const clientDataJSON = this.clientData('webauthn.get', String(options['challenge']), overrides.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
