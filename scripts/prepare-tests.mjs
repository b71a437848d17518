// Before jest: the browser suites drive the built admin, so build it when it is missing or stale.
import { buildIfStale } from './build.mjs';

buildIfStale({ server: false });
