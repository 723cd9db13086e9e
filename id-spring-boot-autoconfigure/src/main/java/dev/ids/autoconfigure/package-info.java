/**
 * Spring Boot auto-configuration for the ids generators (filled in by the starter issue).
 */
package dev.ids.autoconfigure;
