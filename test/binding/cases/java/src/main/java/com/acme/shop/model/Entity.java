package com.acme.shop.model;

/** Something stored with an id. */
public abstract class Entity {
  protected long id;

  /** Saves the entity. */
  public void save() {
    touch();
  }

  void touch() {}
}
