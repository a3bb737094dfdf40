import * as assert from 'node:assert/strict';
import { DelayedFlag } from '../../src/orders/refreshingFlag';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DelayedFlag (Cancel Refresh only for a refresh that lasts)', () => {
  const AFTER_MS = 40;
  let told: boolean[];
  let flag: DelayedFlag;

  beforeEach(() => {
    told = [];
    flag = new DelayedFlag((on) => told.push(on), AFTER_MS);
  });

  afterEach(() => flag.dispose());

  it('says nothing for a refresh that ends before the delay', async () => {
    flag.update(true);
    await sleep(AFTER_MS / 4);
    flag.update(false);
    await sleep(AFTER_MS * 2);
    assert.deepEqual(told, []);
  });

  it('turns on after the delay, once, however often it is asked, and off at once when it ends', async () => {
    flag.update(true);
    assert.deepEqual(told, []);
    await sleep(AFTER_MS / 2);
    flag.update(true); // a second refresh joins: the delay is not started again
    await sleep(AFTER_MS);
    assert.deepEqual(told, [true]);
    flag.update(true);
    await sleep(AFTER_MS * 2);
    assert.deepEqual(told, [true]);
    flag.update(false);
    assert.deepEqual(told, [true, false]);
    flag.update(false);
    assert.deepEqual(told, [true, false]);
  });

  it('says nothing after dispose', async () => {
    flag.update(true);
    flag.dispose();
    await sleep(AFTER_MS * 2);
    assert.deepEqual(told, []);
  });
});
