/**
 * A software WebAuthn authenticator for tests over HTTP (docs/decisions/0073-passkeys.md): ES256
 * keys from node:crypto, "none" attestation, discoverable credentials with user verification. It
 * builds what a browser and authenticator would send (clientDataJSON, authenticator data, CBOR
 * attestation object, DER signature), so the server's real WebAuthn library checks real bytes.
 * A test can make it answer for another origin or RP ID, or with a counter of its choosing.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

/** The CBOR subset a COSE key and an attestation object need. */
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

/** User present, user verified; AT: attested credential data follows. */
const FLAGS = { up: 0x01, uv: 0x04, at: 0x40 } as const;

interface SoftCredential {
  readonly id: Buffer;
  readonly privateKey: KeyObject;
  readonly rpId: string;
  readonly userHandle: string;
  counter: number;
}

/** The JSON a browser's PublicKeyCredential serializes to (as @simplewebauthn/browser sends it). */
function publicKeyCredential<R>(credential: SoftCredential, response: R) {
  return {
    id: b64url(credential.id),
    rawId: b64url(credential.id),
    type: "public-key" as const,
    response,
    clientExtensionResults: {},
    authenticatorAttachment: "platform" as const,
  };
}

export interface CeremonyOverrides {
  /** The origin written into clientDataJSON (default: the authenticator's). */
  readonly origin?: string;
  /** The RP ID whose hash goes into the authenticator data (default: the options' rpId). */
  readonly rpId?: string;
  /** Authentication: the counter to report instead of the next one. */
  readonly counter?: number;
  /** Leave the user-verified flag off. */
  readonly unverified?: boolean;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /**
   * @param origin where the "browser" is (clientDataJSON.origin)
   * @param counterStep how much the signature counter grows per use (0: always 0, like many platform passkeys)
   */
  constructor(
    readonly origin: string,
    private readonly counterStep = 1,
  ) {}

  /** Answers creation options (the JSON the server sent) as navigator.credentials.create() would. */
  register(options: RegistrationOptions, overrides: CeremonyOverrides = {}) {
    const rpId = overrides.rpId ?? options.rp.id;
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const credential: SoftCredential = {
      id: randomBytes(32),
      privateKey,
      rpId,
      userHandle: options.user.id,
      counter: 0,
    };
    const coseKey = new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x as string, "base64url")],
      [-3, Buffer.from(jwk.y as string, "base64url")],
    ]);
    const flags = FLAGS.up | FLAGS.at | (overrides.unverified ? 0 : FLAGS.uv);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags]),
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      cbor(coseKey),
    ]);
    const clientDataJSON = JSON.stringify({
      type: "webauthn.create",
      challenge: options.challenge,
      origin: overrides.origin ?? this.origin,
      crossOrigin: false,
    });
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]),
    );
    this.credentials.push(credential);
    return publicKeyCredential(credential, {
      clientDataJSON: b64url(clientDataJSON),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
    });
  }

  /**
   * Answers request options as navigator.credentials.get() would: with the discoverable credential
   * for the RP ID (the newest, or `credentialId`'s).
   */
  authenticate(
    options: AuthenticationOptions,
    overrides: CeremonyOverrides & { credentialId?: string } = {},
  ) {
    const credential = [...this.credentials]
      .reverse()
      .find((candidate) =>
        overrides.credentialId
          ? b64url(candidate.id) === overrides.credentialId
          : candidate.rpId === options.rpId,
      );
    if (!credential) throw new Error(`No credential for ${options.rpId}`);
    credential.counter += this.counterStep;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(overrides.counter ?? credential.counter);
    const flags = FLAGS.up | (overrides.unverified ? 0 : FLAGS.uv);
    const authData = Buffer.concat([sha256(overrides.rpId ?? options.rpId), Buffer.from([flags]), counter]);
    const clientDataJSON = JSON.stringify({
      type: "webauthn.get",
      challenge: options.challenge,
      origin: overrides.origin ?? this.origin,
      crossOrigin: false,
    });
    const signature = sign(
      "sha256",
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return publicKeyCredential(credential, {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: credential.userHandle,
    });
  }
}

/** The parts of the server's creation options this authenticator reads. */
export interface RegistrationOptions {
  readonly challenge: string;
  readonly rp: { readonly id: string };
  readonly user: { readonly id: string };
}

/** The parts of the server's request options this authenticator reads. */
export interface AuthenticationOptions {
  readonly challenge: string;
  readonly rpId: string;
}
