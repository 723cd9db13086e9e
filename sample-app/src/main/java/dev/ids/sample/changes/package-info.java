/** A change log keyed by Gink muids: the changes of one request form one muid transaction. */
package dev.ids.sample.changes;
