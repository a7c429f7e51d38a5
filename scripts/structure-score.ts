/**
 * The structure check on your own pictures:
 *
 *   npm run structure:score -- DIR
 *
 * scores every `NN-before.*` / `NN-after.*` pair in DIR (with `NN-mask.png` when the pair is a masked edit),
 * prepared as the product prepares a result, and prints one JSON line per pair:
 * {"id","score","flagged","moved":[…findings]}.
 */
import { readFile } from "node:fs/promises";
import { isFlagged } from "../src/server/generation/dto";
import { checkPhotoPair } from "../src/server/generation/check-photo-pair";
import { listPhotoPairs } from "../src/server/generation/list-photo-pairs";

const dir = process.argv[2];
if (!dir) {
  console.error("Usage: npm run structure:score -- DIR");
  process.exit(2);
}
for (const pair of await listPhotoPairs({ dir })) {
  const [before, after, mask] = await Promise.all([readFile(pair.before), readFile(pair.after), pair.mask ? readFile(pair.mask) : undefined]);
  const { score, findings } = await checkPhotoPair({ before, after, mask });
  console.log(JSON.stringify({ id: pair.id, score: Math.round(score * 1000) / 1000, flagged: isFlagged(score), moved: findings }));
}
