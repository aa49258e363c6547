/**
 * Envelope encryption of small secrets stored in DynamoDB: each secret is sealed with AES-256-GCM
 * under a fresh data key, and the data key itself is sealed by a key encryption key — a KMS key
 * in AWS (GenerateDataKey / Decrypt: the key never leaves KMS), or locally a 256-bit key from the
 * runtime's data folder. The stored form names which, so a local item is never opened by KMS.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** What is stored: base64 pieces and the key-encryption scheme. */
export interface SealedSecret {
  readonly scheme: "kms" | "local";
  /** The data key, encrypted by the key encryption key. */
  readonly key: string;
  readonly iv: string;
  readonly data: string;
  readonly tag: string;
}

/** Seals and opens data keys: KMS in AWS, a local key in the local runtime. */
export interface KeyWrapper {
  readonly scheme: SealedSecret["scheme"];
  newDataKey(): Promise<{ plain: Buffer; wrapped: Buffer }>;
  unwrap(wrapped: Buffer): Promise<Buffer>;
}

function aes(key: Buffer, iv: Buffer, plain: Buffer): { data: Buffer; tag: Buffer } {
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { data, tag: cipher.getAuthTag() };
}

function aesOpen(key: Buffer, iv: Buffer, data: Buffer, tag: Buffer): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

export class SecretBox {
  /** Opened data keys by their wrapped form: one KMS call per key per instance. */
  private readonly opened = new Map<string, Buffer>();

  constructor(private readonly wrapper: KeyWrapper) {}

  async seal(secret: string): Promise<SealedSecret> {
    const { plain, wrapped } = await this.wrapper.newDataKey();
    const iv = randomBytes(12);
    const { data, tag } = aes(plain, iv, Buffer.from(secret, "utf8"));
    plain.fill(0);
    return {
      scheme: this.wrapper.scheme,
      key: wrapped.toString("base64"),
      iv: iv.toString("base64"),
      data: data.toString("base64"),
      tag: tag.toString("base64"),
    };
  }

  async open(sealed: SealedSecret): Promise<string> {
    if (sealed.scheme !== this.wrapper.scheme)
      throw new Error(`A secret sealed by ${sealed.scheme} cannot be opened with ${this.wrapper.scheme}`);
    let key = this.opened.get(sealed.key);
    if (!key) {
      key = await this.wrapper.unwrap(Buffer.from(sealed.key, "base64"));
      if (this.opened.size > 500) this.opened.clear();
      this.opened.set(sealed.key, key);
    }
    const plain = aesOpen(
      key,
      Buffer.from(sealed.iv, "base64"),
      Buffer.from(sealed.data, "base64"),
      Buffer.from(sealed.tag, "base64"),
    );
    return plain.toString("utf8");
  }
}

/** The local runtime's key encryption key (hex, 256 bits), standing in for KMS. */
export function localKeyWrapper(hexKey: string): KeyWrapper {
  const kek = Buffer.from(hexKey, "hex");
  if (kek.length !== 32) throw new Error("The local key encryption key must be 256 bits");
  return {
    scheme: "local",
    async newDataKey() {
      const plain = randomBytes(32);
      const iv = randomBytes(12);
      const { data, tag } = aes(kek, iv, plain);
      return { plain, wrapped: Buffer.concat([iv, tag, data]) };
    },
    async unwrap(wrapped) {
      return aesOpen(kek, wrapped.subarray(0, 12), wrapped.subarray(28), wrapped.subarray(12, 28));
    },
  };
}

/**
 * KMS: data keys from GenerateDataKey, opened with Decrypt (the client loads on first use). The
 * region is the environment's unless named (the admin command names its stage's).
 */
export function kmsKeyWrapper(keyId: string, region?: string): KeyWrapper {
  const client = import("@aws-sdk/client-kms").then((kms) => ({
    kms,
    client: new kms.KMSClient(region ? { region } : {}),
  }));
  return {
    scheme: "kms",
    async newDataKey() {
      const { kms, client: kmsClient } = await client;
      const answer = await kmsClient.send(
        new kms.GenerateDataKeyCommand({ KeyId: keyId, KeySpec: "AES_256" }),
      );
      if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error("KMS returned no data key");
      return { plain: Buffer.from(answer.Plaintext), wrapped: Buffer.from(answer.CiphertextBlob) };
    },
    async unwrap(wrapped) {
      const { kms, client: kmsClient } = await client;
      const answer = await kmsClient.send(new kms.DecryptCommand({ CiphertextBlob: wrapped, KeyId: keyId }));
      if (!answer.Plaintext) throw new Error("KMS returned no plaintext");
      return Buffer.from(answer.Plaintext);
    },
  };
}
