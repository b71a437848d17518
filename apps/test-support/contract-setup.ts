import { contractDrifts } from './response-contract';

/**
 * The API suites' setup (jest.config.js): a suite whose API answered anything the OpenAPI document does not
 * describe fails, naming each route, status and the first field that differs (response-contract.ts).
 */
afterAll(() => {
  const drifts = contractDrifts.splice(0);
  if (drifts.length > 0) throw new Error(`The API answered outside its published contract (/api/v1/docs-json):\n- ${drifts.join('\n- ')}`);
});
