/**
 * Spring MVC support for the ID value types: converters that bind path variables and request parameters to IDs,
 * and their auto-configuration.
 */
package dev.ids.autoconfigure.web;
