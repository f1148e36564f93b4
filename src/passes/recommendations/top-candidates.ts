/** The best `size` (index, score) pairs, highest score first, ties to the lower index, whatever the
 * order they are offered in; reset for each item. */
export class TopCandidates {
  private js: Int32Array;
  private scores: Float64Array;
  private length = 0;
  constructor(private size: number) {
    this.js = new Int32Array(size + 1);
    this.scores = new Float64Array(size + 1);
  }

  reset(): void {
    this.length = 0;
  }

  couldAccept(score: number): boolean {
    return this.length < this.size || score >= this.scores[this.size - 1];
  }

  offer(j: number, score: number): void {
    const { js, scores } = this;
    let k = this.length;
    if (k === this.size && (score < scores[k - 1] || (score === scores[k - 1] && j > js[k - 1]))) return;
    while (k > 0 && (scores[k - 1] < score || (scores[k - 1] === score && js[k - 1] > j))) {
      js[k] = js[k - 1];
      scores[k] = scores[k - 1];
      k--;
    }
    js[k] = j;
    scores[k] = score;
    if (this.length < this.size) this.length++;
  }

  indexes(): number[] {
    return Array.from(this.js.subarray(0, this.length));
  }
}
