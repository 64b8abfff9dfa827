import { startRun, stopNode } from './topology';

/** Before the tests: an empty database and the Node server; after them, the server stopped. */
export default async function globalSetup(): Promise<() => Promise<void>> {
	await startRun();
	return stopNode;
}
