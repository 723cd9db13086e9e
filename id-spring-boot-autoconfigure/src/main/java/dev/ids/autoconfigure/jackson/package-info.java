/**
 * Jackson 3 support for the ID value types: a module that writes each ID as its canonical string and reads it back,
 * and its auto-configuration.
 */
package dev.ids.autoconfigure.jackson;
