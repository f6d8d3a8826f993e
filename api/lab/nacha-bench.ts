/**
 * `pnpm bench` part: how long writing (and independently re-reading) a 10,000-entry NACHA file
 * takes in this process. Prints figures; never fails on a timing.
 */
import { performance } from 'node:perf_hooks';
import { routingCheckDigit } from 'shared-contracts';
import { writeNachaFile, type NachaCredit } from '../src/payments/nacha-file';
import { validateNachaFile } from '../src/payments/nacha-validator';

const ENTRIES = Number(process.argv[2] ?? 10_000);
const RUNS = 7;

const credits: NachaCredit[] = Array.from({ length: ENTRIES }, (_, index) => {
  const prefix = String(10_000_000 + ((index * 7919) % 89_999_999));
  return {
    routingNumber: prefix + routingCheckDigit(prefix),
    accountNumber: String(100_000 + index),
    accountType: index % 5 === 0 ? 'savings' : 'checking',
    amountCents: 1 + ((index * 104_729) % 2_500_000),
    receiverName: `Vendor ${index}`,
    identificationNumber: `BILL-${index}`,
    addenda: `BILL INV-${index}`,
  };
});

function time(run: () => unknown): number[] {
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

const input = {
  originator: {
    odfiRoutingNumber: '121042882',
    companyIdentification: '1234567890',
    companyName: 'Bench Co',
    entryDescription: 'VENDOR PAY',
    immediateDestinationName: 'Bench Bank',
    immediateOriginName: 'Bench Co',
  },
  credits,
  creationDate: '2026-11-23',
  creationTime: '1200',
  fileIdModifier: 'A',
  effectiveEntryDate: '2026-11-24',
  batchNumber: 1,
};
const { text } = writeNachaFile(input);
const write = time(() => writeNachaFile(input));
const read = time(() => validateNachaFile(text));
const median = (samples: number[]) => samples[Math.floor(samples.length / 2)]!.toFixed(1);
console.info(
  `NACHA file of ${ENTRIES} entries (${(text.length / 1024).toFixed(0)} KiB, ${RUNS} runs): ` +
    `write median ${median(write)} ms (min ${write[0]!.toFixed(1)}), ` +
    `validate median ${median(read)} ms (min ${read[0]!.toFixed(1)})`,
);
