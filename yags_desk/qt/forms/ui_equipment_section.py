# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'equipment_section.ui'
##
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QDoubleSpinBox, QGroupBox,
    QHBoxLayout, QHeaderView, QLabel, QSizePolicy,
    QSpacerItem, QTableView, QToolButton, QVBoxLayout,
    QWidget)

class Ui_EquipmentSection(object):
    def setupUi(self, EquipmentSection) -> None:
        if not EquipmentSection.objectName():
            EquipmentSection.setObjectName(u"EquipmentSection")
        self.columns = QHBoxLayout(EquipmentSection)
        self.columns.setObjectName(u"columns")
        self.left = QVBoxLayout()
        self.left.setObjectName(u"left")
        self.weapons_label = QLabel(EquipmentSection)
        self.weapons_label.setObjectName(u"weapons_label")

        self.left.addWidget(self.weapons_label)

        self.weapons_table = QTableView(EquipmentSection)
        self.weapons_table.setObjectName(u"weapons_table")
        self.weapons_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)

        self.left.addWidget(self.weapons_table)

        self.weapon_buttons = QHBoxLayout()
        self.weapon_buttons.setObjectName(u"weapon_buttons")
        self.remove_weapon_button = QToolButton(EquipmentSection)
        self.remove_weapon_button.setObjectName(u"remove_weapon_button")
        self.remove_weapon_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.weapon_buttons.addWidget(self.remove_weapon_button)

        self.up_button = QToolButton(EquipmentSection)
        self.up_button.setObjectName(u"up_button")
        self.up_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

        self.weapon_buttons.addWidget(self.up_button)

        self.down_button = QToolButton(EquipmentSection)
        self.down_button.setObjectName(u"down_button")
        self.down_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

        self.weapon_buttons.addWidget(self.down_button)

        self.weapon_buttons_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.weapon_buttons.addItem(self.weapon_buttons_spacer)


        self.left.addLayout(self.weapon_buttons)

        self.shield_row = QHBoxLayout()
        self.shield_row.setObjectName(u"shield_row")
        self.shield_caption = QLabel(EquipmentSection)
        self.shield_caption.setObjectName(u"shield_caption")

        self.shield_row.addWidget(self.shield_caption)

        self.shield_label = QLabel(EquipmentSection)
        self.shield_label.setObjectName(u"shield_label")

        self.shield_row.addWidget(self.shield_label)

        self.remove_shield_button = QToolButton(EquipmentSection)
        self.remove_shield_button.setObjectName(u"remove_shield_button")
        self.remove_shield_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.shield_row.addWidget(self.remove_shield_button)

        self.shield_row.setStretch(1, 1)

        self.left.addLayout(self.shield_row)

        self.armour_label = QLabel(EquipmentSection)
        self.armour_label.setObjectName(u"armour_label")

        self.left.addWidget(self.armour_label)

        self.armour_table = QTableView(EquipmentSection)
        self.armour_table.setObjectName(u"armour_table")
        self.armour_table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked|QAbstractItemView.EditTrigger.SelectedClicked)

        self.left.addWidget(self.armour_table)

        self.armour_row = QHBoxLayout()
        self.armour_row.setObjectName(u"armour_row")
        self.remove_armour_button = QToolButton(EquipmentSection)
        self.remove_armour_button.setObjectName(u"remove_armour_button")
        self.remove_armour_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)

        self.armour_row.addWidget(self.remove_armour_button)

        self.armour_row_spacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.armour_row.addItem(self.armour_row_spacer)

        self.other_load_label = QLabel(EquipmentSection)
        self.other_load_label.setObjectName(u"other_load_label")

        self.armour_row.addWidget(self.other_load_label)

        self.other_load_holder = QWidget(EquipmentSection)
        self.other_load_holder.setObjectName(u"other_load_holder")
        self.other_load_box = QVBoxLayout(self.other_load_holder)
        self.other_load_box.setSpacing(2)
        self.other_load_box.setObjectName(u"other_load_box")
        self.other_load_box.setContentsMargins(0, 0, 0, 0)
        self.other_load_spin = QDoubleSpinBox(self.other_load_holder)
        self.other_load_spin.setObjectName(u"other_load_spin")
        self.other_load_spin.setKeyboardTracking(False)
        self.other_load_spin.setDecimals(1)
        self.other_load_spin.setMinimum(-1.000000000000000)
        self.other_load_spin.setMaximum(100000.000000000000000)

        self.other_load_box.addWidget(self.other_load_spin)


        self.armour_row.addWidget(self.other_load_holder)

        self.armour_row.setStretch(1, 1)

        self.left.addLayout(self.armour_row)

        self.left.setStretch(1, 2)
        self.left.setStretch(5, 1)

        self.columns.addLayout(self.left)

        self.picker_box = QVBoxLayout()
        self.picker_box.setObjectName(u"picker_box")
        self.catalogue_label = QLabel(EquipmentSection)
        self.catalogue_label.setObjectName(u"catalogue_label")

        self.picker_box.addWidget(self.catalogue_label)


        self.columns.addLayout(self.picker_box)

        self.columns.setStretch(0, 3)
        self.columns.setStretch(1, 2)

        self.retranslateUi(EquipmentSection)
    # setupUi

    def retranslateUi(self, EquipmentSection) -> None:
        EquipmentSection.setTitle(QCoreApplication.translate("EquipmentSection", u"Equipment", None))
        self.weapons_label.setText(QCoreApplication.translate("EquipmentSection", u"Weapons (drag items here from the catalogue)", None))
#if QT_CONFIG(tooltip)
        self.remove_weapon_button.setToolTip(QCoreApplication.translate("EquipmentSection", u"Remove the selected weapons", None))
#endif // QT_CONFIG(tooltip)
        self.remove_weapon_button.setText(QCoreApplication.translate("EquipmentSection", u"Remove", None))
#if QT_CONFIG(tooltip)
        self.up_button.setToolTip(QCoreApplication.translate("EquipmentSection", u"Move the selected weapon up (the first is the primary of two weapons)", None))
#endif // QT_CONFIG(tooltip)
        self.up_button.setText(QCoreApplication.translate("EquipmentSection", u"Up", None))
#if QT_CONFIG(tooltip)
        self.down_button.setToolTip(QCoreApplication.translate("EquipmentSection", u"Move the selected weapon down", None))
#endif // QT_CONFIG(tooltip)
        self.down_button.setText(QCoreApplication.translate("EquipmentSection", u"Down", None))
        self.shield_caption.setText(QCoreApplication.translate("EquipmentSection", u"Shield:", None))
        self.shield_label.setText("")
#if QT_CONFIG(tooltip)
        self.remove_shield_button.setToolTip(QCoreApplication.translate("EquipmentSection", u"Put the shield away", None))
#endif // QT_CONFIG(tooltip)
        self.remove_shield_button.setText(QCoreApplication.translate("EquipmentSection", u"Remove", None))
        self.armour_label.setText(QCoreApplication.translate("EquipmentSection", u"Armour", None))
#if QT_CONFIG(tooltip)
        self.remove_armour_button.setToolTip(QCoreApplication.translate("EquipmentSection", u"Take off the selected armour", None))
#endif // QT_CONFIG(tooltip)
        self.remove_armour_button.setText(QCoreApplication.translate("EquipmentSection", u"Remove", None))
        self.other_load_label.setText(QCoreApplication.translate("EquipmentSection", u"Other load", None))
#if QT_CONFIG(tooltip)
        self.other_load_spin.setToolTip(QCoreApplication.translate("EquipmentSection", u"Load of everything else carried (packs, tools, coins)", None))
#endif // QT_CONFIG(tooltip)
        self.catalogue_label.setText(QCoreApplication.translate("EquipmentSection", u"Catalogue", None))
    # retranslateUi

