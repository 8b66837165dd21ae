// convention: agent
// tools: none
// A plain agent cell: pure computation, the value of the last expression is the result.
const scores = [88, 92, 79, 95, 60, 73];
const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
const variance = scores.reduce((sum, s) => sum + (s - mean) ** 2, 0) / scores.length;
({ mean: Math.round(mean * 100) / 100, stdDev: Math.round(Math.sqrt(variance) * 100) / 100, passed: scores.filter((s) => s >= 75).length })
