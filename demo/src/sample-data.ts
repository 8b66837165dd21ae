/** Bundled sample data the playground's tools read: nothing leaves the page. */

export interface Product {
  sku: string;
  name: string;
  category: "tools" | "hardware" | "storage" | "safety";
  priceUsd: number;
  stock: number;
  rating: number;
}

export const CATALOGUE: Product[] = [
  { sku: "T-100", name: "Claw hammer", category: "tools", priceUsd: 18.5, stock: 42, rating: 4.6 },
  { sku: "T-101", name: "Sledge hammer", category: "tools", priceUsd: 39, stock: 7, rating: 4.2 },
  { sku: "T-102", name: "Cordless drill", category: "tools", priceUsd: 129, stock: 12, rating: 4.8 },
  { sku: "T-103", name: "Hand saw", category: "tools", priceUsd: 22, stock: 0, rating: 4.1 },
  { sku: "T-104", name: "Anvil, 50 kg", category: "tools", priceUsd: 310, stock: 3, rating: 4.9 },
  { sku: "H-200", name: "Hex bolt M8 (100)", category: "hardware", priceUsd: 11.9, stock: 230, rating: 4.4 },
  { sku: "H-201", name: "Wood screws (500)", category: "hardware", priceUsd: 9.5, stock: 410, rating: 4.3 },
  { sku: "H-202", name: "Anchor bolt M10 (25)", category: "hardware", priceUsd: 14.25, stock: 64, rating: 4.0 },
  { sku: "H-203", name: "Hinge, brass (2)", category: "hardware", priceUsd: 7.8, stock: 95, rating: 4.5 },
  { sku: "S-300", name: "Wooden crate", category: "storage", priceUsd: 24, stock: 31, rating: 4.2 },
  { sku: "S-301", name: "Steel crate", category: "storage", priceUsd: 58, stock: 9, rating: 4.7 },
  { sku: "S-302", name: "Tool chest", category: "storage", priceUsd: 189, stock: 4, rating: 4.6 },
  { sku: "S-303", name: "Parts organiser", category: "storage", priceUsd: 19.99, stock: 77, rating: 4.4 },
  { sku: "F-400", name: "Safety goggles", category: "safety", priceUsd: 8.5, stock: 150, rating: 4.3 },
  { sku: "F-401", name: "Work gloves", category: "safety", priceUsd: 12, stock: 88, rating: 4.5 },
  { sku: "F-402", name: "Ear defenders", category: "safety", priceUsd: 21, stock: 26, rating: 4.6 },
];

export const WEATHER: Record<string, { tempC: number; condition: string; windKph: number }> = {
  lisbon: { tempC: 19, condition: "sunny", windKph: 14 },
  oslo: { tempC: -3, condition: "snow", windKph: 22 },
  nairobi: { tempC: 24, condition: "cloudy", windKph: 9 },
  tokyo: { tempC: 12, condition: "rain", windKph: 17 },
  lima: { tempC: 21, condition: "overcast", windKph: 11 },
  denver: { tempC: 6, condition: "windy", windKph: 41 },
  cairo: { tempC: 27, condition: "sunny", windKph: 8 },
  reykjavik: { tempC: 1, condition: "sleet", windKph: 35 },
};

export interface Order {
  orderId: string;
  customer: string;
  email: string;
  items: { sku: string; quantity: number }[];
  status: "paid" | "awaiting payment" | "shipped" | "refund requested";
  invoiceId: string;
  amountUsd: number;
}

export const ORDERS: Order[] = [
  { orderId: "A-1001", customer: "Ada Lovelace", email: "ada@example.com", items: [{ sku: "T-102", quantity: 1 }], status: "awaiting payment", invoiceId: "INV-501", amountUsd: 129 },
  { orderId: "A-1002", customer: "Grace Hopper", email: "grace@example.com", items: [{ sku: "H-200", quantity: 3 }, { sku: "F-400", quantity: 2 }], status: "shipped", invoiceId: "INV-502", amountUsd: 52.7 },
  { orderId: "A-1003", customer: "Alan Turing", email: "alan@example.com", items: [{ sku: "S-302", quantity: 1 }], status: "refund requested", invoiceId: "INV-503", amountUsd: 189 },
  { orderId: "A-1004", customer: "Katherine Johnson", email: "katherine@example.com", items: [{ sku: "T-104", quantity: 1 }], status: "awaiting payment", invoiceId: "INV-504", amountUsd: 310 },
  { orderId: "A-1005", customer: "Edsger Dijkstra", email: "edsger@example.com", items: [{ sku: "H-201", quantity: 4 }], status: "paid", invoiceId: "INV-505", amountUsd: 38 },
];
