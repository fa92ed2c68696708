import { describe, expect, it } from 'vitest';
import { DatabaseCircuit, DatabaseUnavailableError } from './circuit.ts';

const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DatabaseCircuit', () => {
  it('fails at once while the database is unreachable, then lets one probe through and closes on success', async () => {
    const circuit = new DatabaseCircuit(50);
    await expect(circuit.run(refused)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(circuit.isDown).toBe(true);

    let connects = 0;
    const connect = async () => {
      connects += 1;
      return 'client';
    };
    await expect(circuit.run(connect)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(connects).toBe(0);

    await pause(60);
    // One probe at a time: a second caller during the probe fails fast too.
    const probe = circuit.run(async () => {
      await pause(20);
      return connect();
    });
    await expect(circuit.run(connect)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(await probe).toBe('client');
    expect(circuit.isDown).toBe(false);
    expect(await circuit.run(connect)).toBe('client');
  });

  it('stays closed for errors that are not about reaching the database', async () => {
    const circuit = new DatabaseCircuit(50);
    const bug = () => Promise.reject(Object.assign(new Error('syntax error'), { code: '42601' }));
    await expect(circuit.run(bug)).rejects.toMatchObject({ code: '42601' });
    expect(circuit.isDown).toBe(false);
    expect(circuit.failureSince(0)).toBe(null);
  });

  it('remembers a busy moment, so a 500 during it can be told apart from a bug', async () => {
    const circuit = new DatabaseCircuit(50);
    const before = Date.now();
    circuit.observe(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }));
    expect(circuit.failureSince(before)).toBe('busy');
    expect(circuit.failureSince(Date.now() + 1)).toBe(null);
    expect(circuit.isDown).toBe(false);
  });
});
