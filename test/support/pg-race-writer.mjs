// A child process of test/postgres-store-processes.e2e.spec.ts: one writer racing the others on one
// stream through the built PostgreSQL store (dist/). Each round it reads the stream's revision and
// appends one event expecting it; a WrongExpectedRevisionError means another process won that
// revision, and it tries the next. It stops when the stream reaches `target` and sends what it won.
import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '../../dist/libs/store/postgres/postgres-event-store.js';
import { WrongExpectedRevisionError } from '../../dist/libs/store/event-store.port.js';

const [url, stream, writer, target] = process.argv.slice(2);
const store = await PostgresEventStore.open({ connectionString: url });
const won = [];
let conflicts = 0;
process.send({ ready: true });
await new Promise((resolve) => process.once('message', resolve)); // every writer starts together
for (;;) {
  const { revision } = await store.streamInfo(stream);
  if (revision >= Number(target)) break;
  const commandId = randomUUID();
  const event = {
    id: randomUUID(),
    type: 'race.Won',
    data: { writer, expected: revision },
    meta: {
      actor: { id: writer, role: 'system' },
      commandId,
      correlationId: commandId,
      causationId: null,
      recordedAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
  try {
    const r = await store.append(stream, [event], revision === -1 ? 'no-stream' : revision);
    won.push({ id: event.id, revision: r.revision, position: r.position });
  } catch (e) {
    if (!(e instanceof WrongExpectedRevisionError)) throw e;
    conflicts++;
  }
}
await store.close();
process.send({ won, conflicts });
