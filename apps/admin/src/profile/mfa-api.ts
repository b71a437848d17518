import { api } from '../api/http-client';
import { MfaSetup } from '../auth/identity-api';

/**
 * What proves it is the account's owner before two-factor sign-in is changed while it is on
 * (docs/api-identity.md): the current password, or a code from the authenticator app or a recovery code.
 */
export interface MfaProof {
  current_password?: string;
  code?: string;
}

/** Only the parts the person filled in: an empty field is no proof. */
export function proofFrom(values: Record<string, unknown>): MfaProof {
  const proof: MfaProof = {};
  const password = typeof values.current_password === 'string' ? values.current_password : '';
  const code = typeof values.code === 'string' ? values.code.trim() : '';
  if (password) proof.current_password = password;
  if (code) proof.code = code;
  return proof;
}

/** A new secret and recovery codes; while MFA is on they replace the active ones only once confirmed with a code. */
export const startMfaSetup = (proof: MfaProof = {}) => api.post<MfaSetup>('/restify/profile/mfa/setup', proof);
export const disableMfa = (proof: MfaProof) => api.post('/restify/profile/mfa/disable', proof);
