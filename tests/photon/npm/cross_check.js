// Cross-check against code nobody here wrote: pakt encodes each hand-written case of cases.json
// as a Protocol 1.6 message (`pakt photon encode --protocol 16 --kind message`), the message is
// put in a Photon UDP packet (reliable and unreliable command), and the npm package
// photon-packet-parser@0.0.19 must emit the same values.
//
// The expected JavaScript values follow from the JSON values and the package's documented
// behaviour (photon-wire-format.md §3): 'i' and 'k' are read unsigned, 'l' as a BigInt, byte[] as
// a Buffer, table keys become property strings.
//
// usage: node cross_check.js <pakt binary> <cases.json> <node_modules dir>
'use strict';
const assert = require('assert');
const childProcess = require('child_process');
const fs = require('fs');
const path = require('path');

const [paktBinary, casesFile, modulesDir] = process.argv.slice(2);
const {PhotonPacketParser} = require(path.join(modulesDir, 'photon-packet-parser'));

function table(parameters) {
  return Object.fromEntries(parameters.map(([key, value]) => [String(key), expected(value)]));
}

function expected(v) {
  switch (v.type) {
    case 'null': return null;
    case 'byte': case 'bool': case 'string': case 'double': return v.value;
    case 'short': return v.value & 0xffff;
    case 'int': return v.value >>> 0;
    case 'long': return BigInt(v.value);
    case 'float': return Math.fround(v.value);
    case 'byte[]': return Buffer.from(v.value, 'hex');
    case 'array': case 'object[]': return v.items.map(expected);
    case 'hashtable': case 'dictionary':
      return Object.fromEntries(v.entries.map(([key, value]) => [String(expected(key)), expected(value)]));
    case 'event': return {code: v.code, parameters: table(v.parameters)};
    case 'request': return {operationCode: v.operation_code, parameters: table(v.parameters)};
    case 'response':
      return {operationCode: v.operation_code, returnCode: v.return_code & 0xffff,
              debugMessage: v.debug_message, parameters: table(v.parameters)};
    default: throw new Error(`no expectation for type ${v.type}`);
  }
}

function encodeWithPakt(testCase) {
  const input = JSON.stringify({type: 'message', message_type: testCase.message_type, body: testCase.body});
  const hex = childProcess.execFileSync(paktBinary, ['photon', 'encode', '--protocol', '16', '--kind', 'message'],
                                        {input}).toString().trim();
  return Buffer.from(hex, 'hex');
}

// A Photon UDP packet with one command around the message (reference §2.4).
function udpPacket(message, reliable) {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(1, 0);  // peer id
  header[3] = 1;               // command count
  const extra = reliable ? 0 : 4;
  const command = Buffer.alloc(12 + extra);
  command[0] = reliable ? 6 : 7;
  command[2] = 1;
  command[3] = 4;
  command.writeUInt32BE(command.length + message.length, 4);
  command.writeUInt32BE(1, 8);
  if (!reliable) command.writeUInt32BE(1, 12);  // unreliable sequence number
  return Buffer.concat([header, command, message]);
}

// What the package emits for one packet: [kind, data] pairs.
function parse(packet) {
  const parser = new PhotonPacketParser();
  const emitted = [];
  for (const kind of ['event', 'request', 'response']) parser.on(kind, (data) => emitted.push([kind, data]));
  parser.handle(packet);
  return emitted;
}

const cases = JSON.parse(fs.readFileSync(casesFile, 'utf8')).cases;
let passed = 0;
let failed = 0;
function check(name, fn) {
  try {
    fn();
    passed++;
    console.log(`ok   ${name}`);
  } catch (err) {
    failed++;
    console.log(`FAIL ${name}\n${err.message}`);
  }
}

for (const testCase of cases) {
  const message = encodeWithPakt(testCase);
  for (const reliable of [true, false]) {
    check(`${testCase.name} (${reliable ? 'reliable' : 'unreliable'})`, () => {
      const emitted = parse(udpPacket(message, reliable));
      assert.strictEqual(emitted.length, 1, `the package emitted ${emitted.length} messages`);
      assert.strictEqual(emitted[0][0], testCase.message_type);
      assert.deepStrictEqual(emitted[0][1], expected(testCase.body));
    });
  }
}

// The comparison itself must be able to fail: a changed byte must show up as a difference.
check('a corrupted value is detected', () => {
  const message = encodeWithPakt(cases[0]);
  const corrupted = Buffer.from(message);
  corrupted[corrupted.length - 1] ^= 0x01;  // the last byte of the last double
  const emitted = parse(udpPacket(corrupted, true));
  assert.strictEqual(emitted.length, 1);
  assert.notDeepStrictEqual(emitted[0][1], expected(cases[0].body));
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
