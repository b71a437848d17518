import { hashPageToken, newPageToken } from '../../common/page-token';

/** 32 random bytes (256 bits) as base64url: the personal link of one supplier to one purchase request. */
export const newSupplierToken = newPageToken;

/** What is stored and compared: the SHA-256 of the token, hex. The token itself is only in the mail. */
export const hashSupplierToken = hashPageToken;
