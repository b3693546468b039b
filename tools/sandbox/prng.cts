/**
 * Small deterministic pseudo-random generator (xorshift128 core, seeded through an
 * integer hash so that nearby seeds diverge). Not for cryptography: only for
 * reproducible sandbox data.
 */
export class Rng {
	private s0: number;
	private s1: number;
	private s2: number;
	private s3: number;

	constructor(seed: number) {
		let h = (Math.floor(seed) ^ 0x5bd1e995) >>> 0;
		const scramble = (): number => {
			h = (h + 0x9e3779b9) >>> 0;
			let x = h;
			x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
			x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
			x ^= x >>> 16;
			return x >>> 0 || 0x1234567;
		};
		this.s0 = scramble();
		this.s1 = scramble();
		this.s2 = scramble();
		this.s3 = scramble();
		for (let i = 0; i < 8; i++) this.uint32();
	}

	uint32(): number {
		let t = this.s3;
		const s = this.s0;
		this.s3 = this.s2;
		this.s2 = this.s1;
		this.s1 = s;
		t ^= t << 11;
		t ^= t >>> 8;
		this.s0 = (t ^ s ^ (s >>> 19)) >>> 0;
		return this.s0;
	}

	/** Float in [0, 1). */
	next(): number {
		return this.uint32() / 4294967296;
	}

	/** Integer in [min, max] (both inclusive). */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1));
	}

	chance(p: number): boolean {
		return this.next() < p;
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)];
	}

	/** k distinct items, in random order (k is capped at items.length). */
	sample<T>(items: readonly T[], k: number): T[] {
		const copy = items.slice();
		const n = Math.min(k, copy.length);
		for (let i = 0; i < n; i++) {
			const j = i + Math.floor(this.next() * (copy.length - i));
			[copy[i], copy[j]] = [copy[j], copy[i]];
		}
		return copy.slice(0, n);
	}

	hex(length: number): string {
		let out = '';
		while (out.length < length) out += this.uint32().toString(16).padStart(8, '0');
		return out.slice(0, length);
	}

	/** A 24-hex id shaped like a database object id (time-like prefix, random tail). */
	objectId(): string {
		const prefix = (0x63000000 + this.int(0, 0x06ffffff)).toString(16).padStart(8, '0');
		return prefix + this.hex(16);
	}

	uuid(): string {
		const h = this.hex(32);
		const variant = ((parseInt(h[16], 16) & 0x3) | 0x8).toString(16);
		return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
	}
}
