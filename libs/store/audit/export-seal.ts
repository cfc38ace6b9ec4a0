import { createPublicKey, sign, verify } from 'node:crypto';
import { canonicalJson } from '../../domain/kernel/index.js';
import { publicKeyId, signatureProblem, type SigningKey } from '../checkpoints.js';
import type { ExportManifest } from './export-file.js';

/** The export's format: 2 has the signed manifest naming its checkpoint (issue 32). */
export const EXPORT_FORMAT = 'arbitra-export/2';

/**
 * The export manifest's seal (issue 32): Ed25519 with the checkpoint signing key over the manifest's canonical JSON
 * (without the signature), so a rebuilt manifest (a re-hashed stream, a dropped stream or event) no longer verifies.
 */
export interface ManifestSignature {
  readonly keyId: string;
  /** SPKI DER, base64. */
  readonly publicKey: string;
  /** Base64. */
  readonly value: string;
}

const signedPart = (m: ExportManifest): Buffer => {
  const { signature: _s, ...rest } = m;
  return Buffer.from(canonicalJson(rest), 'utf8');
};

export function sealManifest(m: ExportManifest, key: SigningKey): ExportManifest {
  return { ...m, signature: { keyId: key.keyId, publicKey: key.publicKey, value: sign(null, signedPart(m), key.privateKey).toString('base64') } };
}

/**
 * What is wrong with the manifest's seal: its format, its signature and its checkpoint's, each key pinned when `pinned`
 * is given (otherwise each is checked with the key it carries, which a forger could replace with their own).
 */
export function exportSealProblems(m: ExportManifest, pinned?: ReadonlySet<string>): string[] {
  if (m.format !== EXPORT_FORMAT || !m.signature)
    return [`the manifest is not signed (format ${String(m.format)}): anyone can rebuild it; export again with the signing key (${EXPORT_FORMAT})`];
  const problems: string[] = [];
  const s = m.signature;
  if (publicKeyId(s.publicKey) !== s.keyId) problems.push(`the manifest's key id ${s.keyId} does not name the public key it carries`);
  else if (pinned && !pinned.has(s.publicKey)) problems.push(`the manifest is signed by key ${s.keyId}, which is not a trusted key`);
  else {
    try {
      const key = createPublicKey({ key: Buffer.from(s.publicKey, 'base64'), format: 'der', type: 'spki' });
      if (!verify(null, signedPart(m), key, Buffer.from(s.value, 'base64'))) problems.push('the manifest signature does not verify: the manifest was changed');
    } catch (e) {
      problems.push(`the manifest signature cannot be checked: ${(e as Error).message}`);
    }
  }
  const cp = m.checkpoint ? signatureProblem(m.checkpoint, pinned) : 'the manifest names no checkpoint';
  if (cp) problems.push(`the export's checkpoint (position ${m.checkpoint?.position ?? '?'}): ${cp}`);
  return problems;
}
