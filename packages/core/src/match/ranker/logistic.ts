/**
 * Logistic regression with an L2 penalty (the bias is not penalized), fitted by Newton's method.
 * Features are standardized inside the model (means and scales kept with the weights), so one learning rate fits
 * every feature and the weights are comparable.
 */

/** A fitted model: standardization, weights per feature, bias. Plain data, serialisable as JSON. */
export interface LogisticModel {
  readonly means: readonly number[];
  readonly scales: readonly number[];
  readonly weights: readonly number[];
  readonly bias: number;
}

export interface LogisticOptions {
  /** L2 penalty on the standardized weights. @default 0.01 */
  readonly l2?: number;
  /** Most Newton steps (it stops earlier once the weights settle). @default 50 */
  readonly iterations?: number;
  /** Weight of each positive example relative to a negative one. @default 1 */
  readonly positiveWeight?: number;
}

/**
 * Fits `P(y = 1 | x)` to the examples; `xs[i]` and `ys[i]` (0 or 1) go together. Newton's method (iteratively
 * reweighted least squares) on the penalized log-likelihood: a few steps reach the optimum the gradient-descent
 * formulation would approach, with no learning rate to tune. `L2` is per example, as in the mean log-loss.
 */
export function fitLogistic(xs: readonly (readonly number[])[], ys: readonly number[], options: LogisticOptions = {}): LogisticModel {
  const { l2 = 0.01, iterations = 50, positiveWeight = 1 } = options;
  const n = xs.length;
  const d = xs[0]?.length ?? 0;
  const means = new Array<number>(d).fill(0);
  const scales = new Array<number>(d).fill(0);
  for (const x of xs) for (let j = 0; j < d; j += 1) means[j]! += x[j]! / n;
  for (const x of xs) for (let j = 0; j < d; j += 1) scales[j]! += (x[j]! - means[j]!) ** 2 / n;
  for (let j = 0; j < d; j += 1) scales[j] = Math.sqrt(scales[j]!) || 1;
  // Standardized rows with a leading 1 for the bias.
  const z = xs.map((x) => [1, ...x.map((v, j) => (v - means[j]!) / scales[j]!)]);
  const sampleWeight = ys.map((y) => (y === 1 ? positiveWeight : 1));
  const totalWeight = sampleWeight.reduce((a, b) => a + b, 0) || 1;
  const theta = new Array<number>(d + 1).fill(0);
  for (let step = 0; step < iterations; step += 1) {
    const gradient = new Array<number>(d + 1).fill(0);
    const hessian = Array.from({ length: d + 1 }, () => new Array<number>(d + 1).fill(0));
    for (let i = 0; i < n; i += 1) {
      const zi = z[i]!;
      let t = 0;
      for (let j = 0; j <= d; j += 1) t += theta[j]! * zi[j]!;
      const p = sigmoid(t);
      const w = sampleWeight[i]! / totalWeight;
      const error = (p - ys[i]!) * w;
      const curvature = Math.max(p * (1 - p), 1e-9) * w;
      for (let j = 0; j <= d; j += 1) {
        gradient[j]! += error * zi[j]!;
        const row = hessian[j]!;
        for (let k = 0; k <= j; k += 1) row[k]! += curvature * zi[j]! * zi[k]!;
      }
    }
    for (let j = 0; j <= d; j += 1) for (let k = 0; k < j; k += 1) hessian[k]![j] = hessian[j]![k]!;
    for (let j = 1; j <= d; j += 1) {
      gradient[j]! += l2 * theta[j]!;
      hessian[j]![j]! += l2;
    }
    const delta = solve(hessian, gradient);
    let change = 0;
    for (let j = 0; j <= d; j += 1) {
      theta[j]! -= delta[j]!;
      change = Math.max(change, Math.abs(delta[j]!));
    }
    if (change < 1e-8) break;
  }
  return { means, scales, weights: theta.slice(1), bias: theta[0]! };
}

/** The model's linear score (log-odds) for one feature vector. */
export function logisticScore(model: LogisticModel, x: readonly number[]): number {
  let t = model.bias;
  for (let j = 0; j < model.weights.length; j += 1) t += (model.weights[j]! * (x[j]! - model.means[j]!)) / model.scales[j]!;
  return t;
}

/** The model's probability for one feature vector. */
export function logisticProbability(model: LogisticModel, x: readonly number[]): number {
  return sigmoid(logisticScore(model, x));
}

export function sigmoid(t: number): number {
  return t >= 0 ? 1 / (1 + Math.exp(-t)) : Math.exp(t) / (1 + Math.exp(t));
}

// ---- internal helpers ----

/** Solves `a · x = b` by Gaussian elimination with partial pivoting (a small, symmetric positive definite `a`). */
function solve(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col += 1) {
    let pivot = col;
    for (let r = col + 1; r < n; r += 1) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const lead = m[col]![col]! || 1e-12;
    for (let r = col + 1; r < n; r += 1) {
      const factor = m[r]![col]! / lead;
      if (factor === 0) continue;
      for (let c = col; c <= n; c += 1) m[r]![c]! -= factor * m[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r -= 1) {
    let sum = m[r]![n]!;
    for (let c = r + 1; c < n; c += 1) sum -= m[r]![c]! * x[c]!;
    x[r] = sum / (m[r]![r]! || 1e-12);
  }
  return x;
}
