// convention: agent
// tools: get_inventory (tools.getInventory)
// An agent cell: classes with private fields, static members, getters and inheritance; instances come back as plain data.
class Product {
  static #created = 0;
  #reserved = 0;
  constructor(id, stock) {
    this.id = id;
    this.stock = stock;
    Product.#created++;
  }
  static get created() {
    return Product.#created;
  }
  reserve(n) {
    if (n > this.available) return false;
    this.#reserved += n;
    return true;
  }
  get available() {
    return this.stock - this.#reserved;
  }
  toString() {
    return `${this.id}(${this.available}/${this.stock})`;
  }
}
class Perishable extends Product {
  constructor(id, stock, days) {
    super(id, stock);
    this.days = days;
  }
  toString() {
    return `${super.toString()} expires in ${this.days}d`;
  }
}
const levels = await Promise.all(["anvil", "lamp", "rope"].map((productId) => tools.getInventory({ productId })));
const products = levels.map((l, i) => (i === 1 ? new Perishable(l.productId, l.availableUnits, 30) : new Product(l.productId, l.availableUnits)));
const reserved = products.map((p) => p.reserve(5));
console.log(products.map(String).join("; "));
({ created: Product.created, reserved, products, perishable: products[1] instanceof Product })
